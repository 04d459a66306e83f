import { NEW_CHAT_TABS, PERSONA_TAGS, personaRecordSchema } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { MOTIFS } from './motifs.js';
import { SEED_PERSONAS } from './seed-data.js';

describe('seed catalog', () => {
  const published = SEED_PERSONAS.filter((p) => p.published);

  it('should validate against the contract schema', () => {
    for (const p of SEED_PERSONAS) expect(personaRecordSchema.safeParse(p).success, p.id).toBe(true);
  });
  it('should publish at least 24 personas covering every tag, with the default one', () => {
    expect(published.length).toBeGreaterThanOrEqual(24);
    for (const tag of PERSONA_TAGS)
      expect(
        published.some((p) => p.tags.includes(tag)),
        tag,
      ).toBe(true);
    expect(published.find((p) => p.id === 'default')).toBeTruthy();
  });
  it('should put every published persona in one of the New Chat tabs', () => {
    const tabTags: string[] = NEW_CHAT_TABS.map((t) => t.tag);
    const missing = published.filter((p) => !p.tags.some((tag) => tabTags.includes(tag))).map((p) => p.name);
    expect(missing).toEqual([]);
  });
  it('should have unique ids, distinct prompts, costs of 1 to 10, several Pro personas and drawn icons', () => {
    expect(new Set(SEED_PERSONAS.map((p) => p.id)).size).toBe(SEED_PERSONAS.length);
    expect(new Set(SEED_PERSONAS.map((p) => p.systemPrompt)).size).toBe(SEED_PERSONAS.length);
    for (const p of published) {
      expect(p.cost).toBeGreaterThanOrEqual(1);
      expect(p.cost).toBeLessThanOrEqual(10);
      expect(MOTIFS[p.icon], p.id).toBeTruthy();
    }
    expect(published.filter((p) => p.requiresPro).length).toBeGreaterThanOrEqual(4);
  });
});

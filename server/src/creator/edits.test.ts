import { describe, expect, it } from 'vitest';
import type { PersonaRow } from '../db/schema.js';
import { newRow, patchChanges } from './edits.js';

/** An approved public persona with two knowledge files, as its row stands. */
function approved(): PersonaRow {
  const row = newRow(
    { name: 'Chef', instructions: 'Cook.', visibility: 'public', knowledge: ['doc-a', 'doc-b'] },
    'user-1',
    null,
    1,
  );
  return { ...row, review_state: 'approved', published: 1 } as PersonaRow;
}

describe('patchChanges: what sends a public persona back to review', () => {
  it('keeps an approved persona published when its knowledge files are only reordered (or repeated)', () => {
    const changes = patchChanges(approved(), { knowledge: ['doc-b', 'doc-a', 'doc-b'] }, undefined, undefined);
    expect(changes.review_state).toBeUndefined();
    expect(changes.published).toBe(1);
    expect(changes.knowledge).toBe(JSON.stringify(['doc-b', 'doc-a']));
  });

  it('sends it back to review when a knowledge file is added, removed or swapped', () => {
    for (const knowledge of [['doc-a', 'doc-b', 'doc-c'], ['doc-a'], ['doc-a', 'doc-c']]) {
      const changes = patchChanges(approved(), { knowledge }, undefined, undefined);
      expect(changes.review_state).toBe('pending');
      expect(changes.published).toBe(0);
    }
  });

  it('still sends reordered suggested prompts to review (their order is what users see)', () => {
    const row = { ...approved(), suggested_prompts: JSON.stringify(['One?', 'Two?']) };
    const changes = patchChanges(row, { suggestedPrompts: ['Two?', 'One?'] }, undefined, undefined);
    expect(changes.review_state).toBe('pending');
  });
});

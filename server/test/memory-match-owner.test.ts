import { testDbKind } from '@neura/test-kit/server/database';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { type MemoryItemRecord, MemoryRepository } from '../src/memory/repository.js';

/**
 * Memory matches are the user's own (issue #44): another user's items with the same words, or with
 * the user's id written in their text, never match; an edited item matches by its new words.
 */
describe('memory matches of one user among others', () => {
  let t: TestApp;
  let repo: MemoryRepository;
  let me = '';
  let other = '';

  const add = async (userId: string, text: string) => {
    const at = new Date().toISOString();
    const item: MemoryItemRecord = {
      id: newId(),
      user_id: userId,
      text,
      scope: 'user',
      persona_id: null,
      chat_id: null,
      pinned: 0,
      source: 'user',
      created_at: at,
      updated_at: at,
    };
    await repo.insert(item);
    return item;
  };

  beforeAll(async () => {
    t = await startTestApp();
    repo = new MemoryRepository(t.db, testDbKind());
    me = (await t.seed.user({ password: null })).id;
    other = (await t.seed.user({ password: null })).id;
  });
  afterAll(async () => {
    await t.stop();
  });

  it("should match only the user's items, whatever others wrote", async () => {
    await add(other, 'I grow kiwi on the balcony.');
    await add(other, `Notes about ${me}: loves kiwi sailing.`);
    await add(me, 'My favourite fruit is kiwi.');
    await add(me, 'I sail every summer.');
    const found = await repo.matching(me, ['kiwi', 'sailing'], 10);
    expect(found.map((row) => row.text).sort()).toEqual(['I sail every summer.', 'My favourite fruit is kiwi.']);
    // The owner's id is no word of the user's texts (only the other's note names it).
    expect(await repo.matching(me, [me], 10)).toEqual([]);
  });

  it('should match an edited item by its new words only', async () => {
    const item = await add(me, 'My cat is called Miso.');
    await t.db
      .updateTable('memory_items')
      .set({ text: 'My dog is called Pepper.' })
      .where('id', '=', item.id)
      .execute();
    expect((await repo.matching(me, ['miso'], 10)).map((row) => row.id)).not.toContain(item.id);
    expect((await repo.matching(me, ['pepper'], 10)).map((row) => row.id)).toEqual([item.id]);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterCommit, createDb, type Db, inTransaction, type Tx } from './database.js';

describe('inTransaction: the after-commit queue', () => {
  let db: Db;
  const count = async () =>
    (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM notes`.execute(db)).rows[0]?.n ?? Number.NaN;
  /** A service method that writes in the caller's transaction and queues its own announcement. */
  const writeAndAnnounce = async (trx: Tx, text: string, told: string[]) => {
    await sql`INSERT INTO notes (text) VALUES (${text})`.execute(trx);
    afterCommit(trx, () => told.push(text));
  };

  beforeAll(async () => {
    db = createDb({ kind: 'sqlite', file: ':memory:' });
    await sql`CREATE TABLE notes (text TEXT NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('should run the queued effects once the outermost transaction has committed, in the order queued', async () => {
    const told: string[] = [];
    const result = await inTransaction(db, async (trx) => {
      await writeAndAnnounce(trx, 'first', told);
      afterCommit(trx, async () => {
        await Promise.resolve();
        told.push('mine');
      });
      await writeAndAnnounce(trx, 'second', told);
      // Nested calls got the same transaction: nothing has been announced yet.
      expect(told).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(told).toEqual(['first', 'mine', 'second']);
  });

  it('should run the effects queued as last after all the others', async () => {
    const told: string[] = [];
    await inTransaction(db, async (trx) => {
      afterCommit(trx, () => told.push('balance'), { last: true });
      await writeAndAnnounce(trx, 'message', told);
      afterCommit(trx, () => told.push('preview'));
    });
    expect(told).toEqual(['message', 'preview', 'balance']);
  });

  it('should drop the queued effects when the transaction rolls back', async () => {
    const told: string[] = [];
    const before = await count();
    await expect(
      inTransaction(db, async (trx) => {
        await writeAndAnnounce(trx, 'doomed', told);
        throw new Error('the charge failed');
      }),
    ).rejects.toThrow('the charge failed');
    expect(told).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('should report an effect that fails, run the others and keep the committed result', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const told: string[] = [];
      const result = await inTransaction(db, async (trx) => {
        afterCommit(trx, () => {
          throw new Error('socket gone');
        });
        await writeAndAnnounce(trx, 'kept', told);
        return 42;
      });
      expect(result).toBe(42);
      expect(told).toEqual(['kept']);
      expect(error).toHaveBeenCalledWith(
        'an after-commit effect failed',
        expect.objectContaining({ message: 'socket gone' }),
      );
    } finally {
      error.mockRestore();
    }
  });

  it('should refuse an effect queued on a transaction that has ended', async () => {
    let leaked: Tx | undefined;
    await inTransaction(db, async (trx) => {
      leaked = trx;
    });
    expect(() => afterCommit(leaked as Tx, () => undefined)).toThrow(/not open/);
  });
});

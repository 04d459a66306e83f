import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db, inTransaction } from '../db/database.js';
import { EventBus } from './events.js';

describe('EventBus', () => {
  it('should log a failing listener of news with its event and still run the other listeners', async () => {
    const log = { error: vi.fn() };
    const events = new EventBus(log);
    const heard: string[] = [];
    events.on('credits.changed', () => {
      throw new Error('socket gone');
    });
    events.on('credits.changed', async () => {
      await Promise.resolve();
      throw new Error('admin channel down');
    });
    events.on('credits.changed', ({ credits }) => {
      heard.push(`balance ${credits}`);
    });

    await events.emit('credits.changed', { userId: 'u1', credits: 7 });

    expect(heard).toEqual(['balance 7']);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'socket gone' }), event: 'credits.changed' },
      'a listener of credits.changed failed',
    );
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'admin channel down' }), event: 'credits.changed' },
      'a listener of credits.changed failed',
    );
  });

  it('should throw from emit when a listener of a step fails (user.deleting rolls its transaction back)', async () => {
    const log = { error: vi.fn() };
    const events = new EventBus(log);
    const later = vi.fn();
    events.on('user.deleting', async () => {
      throw new Error('rows left behind');
    });
    events.on('user.deleting', later);

    await expect(
      events.emit('user.deleting', { userId: 'u1', email: 'a@example.com', trx: {} as never }),
    ).rejects.toThrow('rows left behind');
    expect(later).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  describe('emitAfterCommit', () => {
    let db: Db;
    beforeAll(() => {
      db = createDb({ kind: 'sqlite', file: ':memory:' });
    });
    afterAll(async () => {
      await db.destroy();
    });

    it('should announce news once the transaction commits, and never when it rolls back', async () => {
      const events = new EventBus({ error: vi.fn() });
      const heard: number[] = [];
      events.on('credits.changed', ({ credits }) => {
        heard.push(credits);
      });

      await expect(
        inTransaction(db, async (trx) => {
          events.emitAfterCommit(trx, 'credits.changed', { userId: 'u1', credits: 1 });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await inTransaction(db, async (trx) => {
        await sql`SELECT 1`.execute(trx);
        events.emitAfterCommit(trx, 'credits.changed', { userId: 'u1', credits: 2 });
        expect(heard).toEqual([]);
      });

      expect(heard).toEqual([2]);
    });
  });
});

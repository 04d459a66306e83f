import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.js';
import { userFromRow } from '../src/auth/user.js';

describe('admin CLI: orders and the credit ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS: 'sandbox' });
  });
  afterAll(() => t.stop());

  async function run(name: string, args: string[] = [], options: Record<string, string | boolean> = {}) {
    const command = adminCommands.find((c) => c.name === name);
    if (!command) throw new Error(`no command ${name}`);
    const lines: string[] = [];
    const code = await command.run({
      admin: t.admin,
      args,
      options,
      out: (l) => lines.push(l),
      readFile: () => '',
    });
    return { code, lines };
  }

  it("should list orders of everyone or of one user, and print a user's ledger", async () => {
    const ada = await t.seed.user({ credits: 0 });
    const bob = await t.seed.user({ credits: 0 });
    const user = await t.read.user(ada.id);
    if (!user) throw new Error('no user');
    const { orderId } = await t.drive.billing.checkout(userFromRow(user), 'starter');
    await t.drive.billing.sandboxComplete(ada.id, orderId, 'paid');
    const bobUser = await t.read.user(bob.id);
    if (!bobUser) throw new Error('no user');
    await t.drive.billing.checkout(userFromRow(bobUser), 'pro');

    const all = await run('orders list');
    expect(all.code).toBe(0);
    expect(all.lines).toHaveLength(2);
    expect(all.lines[0]).toMatch(new RegExp(`pending\\s+pro\\s+Pro\\s+19\\.99 USD  sandbox  ${bob.email}`));
    const mine = await run('orders list', [], { email: ada.email });
    expect(mine.lines).toEqual([
      expect.stringMatching(
        new RegExp(`paid\\s+starter\\s+100 credits\\s+4\\.99 USD  sandbox  ${ada.email}  ${orderId}$`),
      ),
    ]);

    await t.drive.credits.charge(ada.id, 3, 'm-admin');
    const ledger = await run('users ledger', [ada.email]);
    expect(ledger.lines[0]).toBe(`${ada.email}: 97 credits`);
    expect(ledger.lines.slice(1).map((l) => l.replace(/^\S+\s+/, ''))).toEqual([
      '-3  message',
      '+100  purchase  starter',
    ]);
  });

  it('should fail clearly for an unknown email', async () => {
    await expect(run('users ledger', ['nobody@example.com'])).rejects.toThrow(/No user/);
    await expect(run('orders list', [], { email: 'nobody@example.com' })).rejects.toThrow(/No user/);
  });
});

import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.js';
import { call, startAppWithMail } from './helpers/accounts.js';

describe('admin CLI: waitlist and users', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

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

  it('should list the waitlist and mail invite codes to the oldest waiting addresses', async () => {
    for (const email of ['first@example.com', 'second@example.com', 'third@example.com']) {
      await call(t, 'POST', '/waitlist', { email }, { ip: '10.5.0.1' });
    }
    expect((await run('waitlist list')).lines.join('\n')).toMatch(/first@example.com.*waiting/);
    const invited = await run('waitlist invite', [], { count: '2' });
    expect(invited.code).toBe(0);
    expect(invited.lines).toEqual(['first@example.com  invited', 'second@example.com  invited']);
    const mail = await smtp.waitForMail('first@example.com', /invite/);
    const code = /[A-Z0-9]{4}(?:-[A-Z0-9]{4}){4}/.exec(mail.text)?.[0] as string;
    expect((await call(t, 'GET', `/invites/${code}`)).body).toEqual({ isValid: true });
    expect((await run('waitlist list')).lines.find((l) => l.startsWith('third'))).toContain('waiting');
    expect((await run('waitlist list')).lines.find((l) => l.startsWith('first'))).toContain('invited');
  });

  it('should grant credits through the ledger', async () => {
    const user = await t.seed.user({ credits: 3 });
    const { lines } = await run('users grant-credits', [user.email, '50']);
    expect(lines).toEqual([`${user.email} now has 53 credits.`]);
    expect(await t.read.ledger(user.id)).toEqual([expect.objectContaining({ amount: 50, reason: 'admin-grant' })]);
    await expect(run('users grant-credits', ['nobody@example.com', '5'])).rejects.toThrow(/No user/);
  });

  it('should make a user Pro for N days and flag them insider', async () => {
    const user = await t.seed.user();
    await run('users set-pro', [user.email], { days: '30' });
    await run('users flag', [user.email, 'insider']);
    const me = await call(t, 'GET', '/users/me', undefined, { token: user.token });
    expect(me.body).toMatchObject({ isPro: true, flags: ['insider'] });
    const days = (Date.parse(me.body.proExpiry as string) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    await run('users flag', [user.email, 'insider'], { remove: true });
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).body.flags).toEqual([]);
  });
});

import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { adminEnvOf, CLI_TEST_TIMEOUT, runAdminProcess } from './helpers/admin.js';

/** `npm run admin -- <args>` as the operator runs it: its own process on the app's data. */
const runAdmin = (args: string[], t: TestApp) => runAdminProcess(args, adminEnvOf(t));

describe('admin CLI: users set-role and the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it(
    'should make a user an admin and back, refuse bad input, and audit every change made from the CLI',
    async () => {
      const user = await t.seed.user({ password: null });
      expect((await call(t, 'GET', '/admin/users', undefined, { token: user.token })).status).toBe(403);

      const made = await runAdmin(['users', 'set-role', user.email.toUpperCase(), 'admin'], t);
      expect(made.output).toContain(`${user.email} is now an admin.`);
      expect(made.code).toBe(0);
      const search = await call<{ items: Array<{ email: string }> }>(
        t,
        'GET',
        `/admin/users?q=${user.email}`,
        undefined,
        {
          token: user.token,
        },
      );
      expect(search.status).toBe(200);
      expect(search.body.items.map((u) => u.email)).toEqual([user.email]);

      const invites = await runAdmin(['invites', 'create', '--count', '2'], t);
      expect(invites.code).toBe(0);
      const back = await runAdmin(['users', 'set-role', user.email, 'user'], t);
      expect(back.output).toContain(`${user.email} is now a user.`);

      const bad = await runAdmin(['users', 'set-role', user.email, 'owner'], t);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain('Usage: npm run admin -- users set-role');
      const nobody = await runAdmin(['users', 'set-role', 'nobody@example.com', 'admin'], t);
      expect(nobody.code).toBe(1);
      expect(nobody.output).toContain('No user with the email address nobody@example.com');

      expect((await call(t, 'GET', '/admin/users', undefined, { token: user.token })).status).toBe(403);
      const lines = await t.read.audit(10);
      expect(lines.map(({ action, target, before, after }) => ({ action, target, before, after }))).toEqual([
        { action: 'user.set-role', target: user.email, before: { role: 'admin' }, after: { role: 'user' } },
        // Written by accounts' admin operation in the invites' transaction (no generic line after the command).
        {
          action: 'invites.create',
          target: expect.stringMatching(/^\S{4}-…, \S{4}-…$/),
          before: null,
          after: { count: 2, uses: 1 },
        },
        { action: 'user.set-role', target: user.email, before: { role: 'user' }, after: { role: 'admin' } },
      ]);
      for (const line of lines) expect(line.actor).toMatch(/^cli:/);
    },
    CLI_TEST_TIMEOUT * 2,
  );
});

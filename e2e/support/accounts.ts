import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@neura/test-kit/server/process';
import { baseUrl, dataDir, mailbox } from './app.js';

/** Account helpers for e2e tests of any feature. */

/** Makes invite codes with the admin CLI on the e2e app's data dir. */
export function createInvites(count = 1): string[] {
  const out = execFileSync(
    process.execPath,
    [path.join(repoRoot, 'server/dist/admin.js'), 'invites', 'create', '--count', String(count)],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir() }, encoding: 'utf8' },
  );
  return out.match(/[A-Z0-9]{4}(?:-[A-Z0-9]{4}){4}/g) ?? [];
}

let n = 0;
export const newEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${n++}@example.com`;

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Client-Version': '2.0.0' },
    body: JSON.stringify(body),
  }).catch((error: unknown) => {
    // undici says only "fetch failed": the cause (refused, reset, closed) is what tells a failure apart.
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    throw new Error(`POST /api${path} failed: ${String(cause)}`, { cause: error });
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A verified account made through the API (invite, registration, mailed code); returns its token. */
export async function createVerifiedUser(
  email = newEmail(),
  password = 'a quiet river flows',
): Promise<{ email: string; password: string; token: string }> {
  const [inviteCode] = createInvites(1);
  const since = new Date(Date.now() - 1000).toISOString();
  const reg = await post('/users/', { email, firstName: 'E2E', lastName: 'User', password, inviteCode });
  if (reg.status !== 403) throw new Error(`registration answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const code = await mailbox().waitForCode(email, /verification/, { since });
  const verified = await post('/users/verify/validate', { email, verifyCode: code });
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  const login = await post('/users/login', { email, password });
  return { email, password, token: login.body.token as string };
}

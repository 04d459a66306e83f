import type { Services } from '../services.js';

/**
 * On the very first start (no users, no invites yet) in invite mode, makes one invite code and
 * prints it with how to make more, so the first person can sign up.
 */
export async function startupInvite(services: Services, publicUrl: string): Promise<string | undefined> {
  if (services.config.REGISTRATION !== 'invite') return undefined;
  const users = await services.db.selectFrom('users').select('id').limit(1).execute();
  if (users.length > 0 || (await services.invites.count()) > 0) return undefined;
  const [code] = await services.invites.create(1, 1);
  const lines = [
    '',
    '  ┌──────────────────────────────────────────────────────────────┐',
    `  │  First start: your invite code is  ${code}  │`,
    '  └──────────────────────────────────────────────────────────────┘',
    `  Open ${publicUrl} and sign up with it.`,
    '  Make more with:  npm run admin -- invites create --count 5',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return code;
}

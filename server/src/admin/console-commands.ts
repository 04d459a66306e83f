import os from 'node:os';
import type { Actor } from '../audit/repository.js';
import type { AdminCommand } from './command.js';

const help = { help: { type: 'boolean', short: 'h' } } as const;

/** Who the CLI acts as in the audit log: `cli:<OS user>`. */
export function cliActor(): Actor {
  let name = 'unknown';
  try {
    name = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): keep "unknown".
  }
  return { id: null, label: `cli:${name}` };
}

/** The console's commands: the admin role. */
export const consoleAdminCommands: AdminCommand[] = [
  {
    name: 'users set-role',
    usage: 'users set-role <email> admin|user',
    summary: 'Makes the user an admin (the operator’s console at /admin) or a plain user again.',
    options: help,
    async run({ admin, args, out }) {
      const [email, role] = args;
      if (!email || (role !== 'admin' && role !== 'user')) {
        throw new Error('Usage: npm run admin -- users set-role ada@example.com admin|user');
      }
      await admin.users.setRole(cliActor(), email, role);
      out(`${email.trim().toLowerCase()} is now ${role === 'admin' ? 'an admin' : 'a user'}.`);
      return 0;
    },
  },
];

import { billingAdminCommands } from './billing.js';
import type { AdminCommand } from './command.js';
import { cliActor, consoleAdminCommands } from './console-commands.js';
import { usageAdminCommands } from './usage.js';
import { adminGrantCredits, adminSetPro } from './users.js';

export type { AdminCommand } from './command.js';

const help = { help: { type: 'boolean', short: 'h' } } as const;

function positiveInt(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return n;
}

/** Admin commands; features add theirs here. */
export const adminCommands: AdminCommand[] = [
  {
    name: 'invites create',
    usage: 'invites create [--count N] [--uses N]',
    summary: 'Makes invite codes and prints them (each usable --uses times, default 1).',
    options: { ...help, count: { type: 'string' }, uses: { type: 'string' } },
    async run({ admin, options, out }) {
      const count = positiveInt(options.count, 'count', 1);
      const uses = positiveInt(options.uses, 'uses', 1);
      for (const code of await admin.users.createInvites(cliActor(), count, uses)) out(code);
      return 0;
    },
  },
  {
    name: 'invites list',
    usage: 'invites list',
    summary: 'Lists invites (codes are stored hashed: only their first group is shown).',
    options: help,
    async run({ admin, out }) {
      const invites = await admin.users.listInvites();
      if (invites.length === 0) out('No invites yet. Make one with: npm run admin -- invites create');
      for (const i of invites) {
        out(`${i.hint}  uses ${i.uses}/${i.maxUses}${i.revoked ? '  revoked' : ''}  created ${i.createdAt}`);
      }
      return 0;
    },
  },
  {
    name: 'invites revoke',
    usage: 'invites revoke <first group or code>',
    summary: 'Revokes the invites whose code starts with that group.',
    options: help,
    async run({ admin, args, out }) {
      const [hint] = args;
      if (!hint) throw new Error('Name the invite: npm run admin -- invites revoke ABCD');
      out(`Revoked ${await admin.users.revokeInvite(cliActor(), hint)} invite(s).`);
      return 0;
    },
  },
  {
    name: 'waitlist list',
    usage: 'waitlist list',
    summary: 'Lists the built-in waitlist, oldest first.',
    options: help,
    async run({ admin, out }) {
      const entries = await admin.users.listWaitlist();
      if (entries.length === 0) out('The waitlist is empty.');
      for (const e of entries) {
        out(`${e.email}  joined ${e.createdAt}${e.invitedAt ? `  invited ${e.invitedAt}` : '  waiting'}`);
      }
      return 0;
    },
  },
  {
    name: 'waitlist invite',
    usage: 'waitlist invite --count N',
    summary: 'Mails a single-use invite code to each of the N oldest waiting addresses.',
    options: { ...help, count: { type: 'string' } },
    async run({ admin, options, out }) {
      const count = positiveInt(options.count, 'count', 1);
      // Audited with the mails' outcome, once they were sent (each invite is written before its mail).
      const results = await admin.users.inviteFromWaitlist(cliActor(), count);
      if (results.length === 0) out('Nobody is waiting.');
      for (const r of results) out(`${r.email}  ${r.sent ? 'invited' : 'FAILED to send (invite revoked)'}`);
      if (!admin.mailConfigured) out('Note: SMTP_URL is unset, so the invite mails went to the log only.');
      return results.every((r) => r.sent) ? 0 : 1;
    },
  },
  {
    name: 'users grant-credits',
    usage: 'users grant-credits <email> <n>',
    summary: 'Adds n credits to the user (recorded in the credit ledger).',
    options: help,
    async run({ admin, args, out }) {
      const [email, n] = args;
      if (!email || !n) throw new Error('Usage: npm run admin -- users grant-credits ada@example.com 50');
      const amount = Number(n);
      if (!Number.isInteger(amount) || amount < 1)
        throw new Error('The number of credits must be a whole number of at least 1');
      out(`${email} now has ${await adminGrantCredits(admin, email, amount)} credits.`);
      return 0;
    },
  },
  {
    name: 'users set-pro',
    usage: 'users set-pro <email> --days N',
    summary: 'Gives the user Pro for N more days (from now or the current expiry, whichever is later).',
    options: { ...help, days: { type: 'string' } },
    async run({ admin, args, options, out }) {
      const [email] = args;
      if (!email) throw new Error('Usage: npm run admin -- users set-pro ada@example.com --days 30');
      const days = positiveInt(options.days, 'days', 30);
      out(`${email} is Pro until ${await adminSetPro(admin, email, days)}.`);
      return 0;
    },
  },
  {
    name: 'users flag',
    usage: 'users flag <email> <flag> [--remove]',
    summary: 'Sets (or with --remove clears) a user flag, e.g. insider.',
    options: { ...help, remove: { type: 'boolean' } },
    async run({ admin, args, options, out }) {
      const [email, flag] = args;
      if (!email || !flag) throw new Error('Usage: npm run admin -- users flag ada@example.com insider');
      if (!/^[a-z][a-z0-9-]{0,31}$/.test(flag)) throw new Error('A flag is a short lowercase word, e.g. insider');
      const flags = await admin.users.setFlag(cliActor(), email, flag, options.remove !== true);
      out(`${email} flags: ${flags.length > 0 ? flags.join(', ') : '(none)'}`);
      return 0;
    },
  },
  {
    name: 'personas export',
    usage: 'personas export',
    summary: 'Prints every persona (published or not) as JSON.',
    options: help,
    async run({ admin, out }) {
      out(JSON.stringify(await admin.personas.exportRecords(), null, 2));
      return 0;
    },
  },
  {
    name: 'personas import',
    usage: 'personas import <file.json>',
    summary: 'Adds or replaces personas from a JSON list (validated).',
    options: help,
    async run({ admin, args, out, readFile }) {
      const [file] = args;
      if (!file) throw new Error('Name the file: npm run admin -- personas import personas.json');
      let data: unknown;
      try {
        data = JSON.parse(readFile(file));
      } catch (error) {
        throw new Error(`Cannot read ${file} as JSON: ${error instanceof Error ? error.message : error}`);
      }
      out(`Imported ${await admin.personas.importRecords(cliActor(), data)} persona(s).`);
      return 0;
    },
  },
  {
    name: 'feedback list',
    usage: 'feedback list [--limit N]',
    summary: 'Prints the newest help feedback (default 50), newest first.',
    options: { ...help, limit: { type: 'string' } },
    async run({ admin, options, out }) {
      const entries = await admin.feedback(positiveInt(options.limit, 'limit', 50));
      if (entries.length === 0) out('No feedback yet.');
      for (const e of entries) {
        const who = e.email ?? 'anonymous';
        out(
          `${e.createdAt}  ${e.about}  ${who}${e.message ? `\n    ${e.message.replace(/\s+/g, ' ')}` : '  (helpful)'}`,
        );
      }
      return 0;
    },
  },
  ...billingAdminCommands,
  ...usageAdminCommands,
  ...consoleAdminCommands,
];

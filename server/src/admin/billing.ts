import { fromCents } from '../billing/present.js';
import type { AdminCommand } from './command.js';

const help = { help: { type: 'boolean', short: 'h' } } as const;

const amount = (cents: number, currency: string) => `${fromCents(cents).toFixed(2)} ${currency.toUpperCase()}`;

/** Billing's admin commands: orders and a user's credit history. */
export const billingAdminCommands: AdminCommand[] = [
  {
    name: 'orders list',
    usage: 'orders list [--email E] [--limit N]',
    summary: 'Prints orders, newest first (default 100), optionally of one user.',
    options: { ...help, email: { type: 'string' }, limit: { type: 'string' } },
    async run({ admin, options, out }) {
      let userId: string | undefined;
      if (typeof options.email === 'string') {
        const user = await admin.findUserByEmail(options.email.trim());
        if (!user) throw new Error(`No user with the email address ${options.email}`);
        userId = user.id;
      }
      const limit = options.limit === undefined ? 100 : Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a whole number of at least 1');
      const orders = await admin.orders(userId, limit);
      if (orders.length === 0) out('No orders yet.');
      for (const o of orders) {
        const credits = o.kind === 'pack' ? `${o.credits} credits` : 'Pro';
        const refunded = o.refunded_credits > 0 ? `  refunded ${o.refunded_credits}` : '';
        out(
          `${o.created_at}  ${o.status.padEnd(8)}  ${o.product.padEnd(8)}  ${credits.padEnd(13)}  ${amount(o.amount_cents, o.currency)}  ${o.provider}  ${o.email}  ${o.id}${refunded}`,
        );
      }
      return 0;
    },
  },
  {
    name: 'users ledger',
    usage: 'users ledger <email>',
    summary: "Prints the user's credit history (charges, refunds, purchases, grants), newest first.",
    options: help,
    async run({ admin, args, out }) {
      const [email] = args;
      if (!email) throw new Error('Usage: npm run admin -- users ledger ada@example.com');
      const user = await admin.findUserByEmail(email.trim());
      if (!user) throw new Error(`No user with the email address ${email}`);
      out(`${user.email}: ${user.credits} credits`);
      const entries = await admin.ledger(user.id);
      if (entries.length === 0) out('No credit changes yet.');
      for (const e of entries) {
        const signed = e.amount > 0 ? `+${e.amount}` : String(e.amount);
        out(`${e.createdAt}  ${signed.padStart(6)}  ${e.reason}${e.detail ? `  ${e.detail}` : ''}`);
      }
      return 0;
    },
  },
];

import path from 'node:path';
import type { CreditPack } from '@neura/contract';
import type { z } from 'zod';
import { ConfigError } from './config/fields.js';
import { type OidcProviderConfig, parseOidcProviders } from './config/oidc.js';
import { configSchema } from './config/schema.js';
import { type ConfiguredModelPrice, parseCreditPacks, parseModelPrices } from './config/shop.js';

export { ConfigError } from './config/fields.js';
export { REPLY_POLICY } from './config/reply-policy.js';

/**
 * The one place that reads process.env (every variable: config/schema.ts). Parsed once at boot; a bad value stops
 * start-up with a message naming the variable.
 */
export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'PAYMENTS' | 'CREDIT_PACKS' | 'MODEL_PRICES'> & {
  DATA_DIR: string;
  /** PAYMENTS when set; else stripe when STRIPE_SECRET_KEY is set, sandbox on a trial install (no PUBLIC_URL, NODE_ENV not production), off otherwise. */
  PAYMENTS: 'stripe' | 'sandbox' | 'off';
  /** The credit packs on sale (CREDIT_PACKS JSON, or the defaults). */
  CREDIT_PACKS: CreditPack[];
  /** Token prices per model from MODEL_PRICES (empty when unset). */
  MODEL_PRICES: ConfiguredModelPrice[];
  /** The resolved storage: a SQLite file path or a PostgreSQL URL. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Whether mails are logged when SMTP_URL is unset (MAIL_TO_LOG; never by default in production). */
  mailToLog: boolean;
  /** OpenID Connect providers (OIDC_PROVIDERS and the Google/Apple presets; config/oidc.ts). */
  oidcProviders: OidcProviderConfig[];
};

/** The boot warning of a server whose payments are the free sandbox (undefined otherwise). */
export function sandboxWarning(config: Pick<Config, 'PAYMENTS'>): string | undefined {
  if (config.PAYMENTS !== 'sandbox') return undefined;
  return 'Payments are in SANDBOX mode: no money is taken and anyone signed in can get credits and Pro for free. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS=off) before inviting real users.';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Sandbox by default only on a trial install (a keyless `npm start`: no PUBLIC_URL, NODE_ENV not
  // production), which says so at boot and on the buy page. A deployment (PUBLIC_URL set, or
  // NODE_ENV=production) sells nothing until Stripe is configured, unless PAYMENTS=sandbox says so;
  // an unset NODE_ENV alone no longer opens the free sandbox (finding N3).
  const trial = env.NODE_ENV !== 'production' && c.PUBLIC_URL === undefined;
  const payments = c.PAYMENTS ?? (c.STRIPE_SECRET_KEY ? 'stripe' : trial ? 'sandbox' : 'off');
  if (payments === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or set PAYMENTS=sandbox or off)',
    );
  }
  // The Node-cluster mode is gone: a setting that asked for it must not quietly run one process.
  if (env.CLUSTER_WORKERS !== undefined && env.CLUSTER_WORKERS !== '' && env.CLUSTER_WORKERS !== '1') {
    throw new ConfigError(
      'Invalid configuration:\n  CLUSTER_WORKERS: removed; run N processes (each its own PORT) behind a load balancer with REDIS_URL instead (docs/DEPLOYMENT.md, "Several processes"), and unset CLUSTER_WORKERS',
    );
  }
  if (c.FAILPOINTS.length > 0 && c.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration:\n  FAILPOINTS: crash tests only; not allowed with NODE_ENV=production',
    );
  // A live reply's saves must not look stale: a dead process's reply is one missed more than twice.
  if (c.REPLY_STALE_AFTER_MS <= 2 * c.REPLY_SAVE_EVERY_MS)
    throw new ConfigError(
      'Invalid configuration:\n  REPLY_STALE_AFTER_MS: must be more than twice REPLY_SAVE_EVERY_MS (a live reply saves that often)',
    );
  const packs = parseCreditPacks(c.CREDIT_PACKS);
  const modelPrices = parseModelPrices(c.MODEL_PRICES);
  const dataDir = path.resolve(c.DATA_DIR);
  const url = c.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:\/\//.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? path.resolve(url.replace(/^sqlite:/, '')) : path.join(dataDir, 'neura.db') };
  // A trial install (no PUBLIC_URL yet) logs mails so sign-up works without SMTP; a deployment does not.
  const mailToLog =
    c.MAIL_TO_LOG === undefined ? c.NODE_ENV !== 'production' || c.PUBLIC_URL === undefined : c.MAIL_TO_LOG === 'true';
  return {
    ...c,
    DATA_DIR: dataDir,
    database,
    PAYMENTS: payments,
    CREDIT_PACKS: packs,
    MODEL_PRICES: modelPrices,
    mailToLog,
    oidcProviders: parseOidcProviders(env),
  };
}

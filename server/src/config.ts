import path from 'node:path';
import { type CreditPack, creditPackSchema } from '@neura/contract';
import { validRange } from 'semver';
import { z } from 'zod';
import { SUPPORTED_CLIENT_RANGE } from './version.js';

/**
 * The one place that reads process.env. Parsed once at boot; a bad value stops
 * start-up with a message naming the variable.
 */

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = optionalString.refine((v) => v === undefined || URL.canParse(v), 'must be a URL');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^(postgres|postgresql|sqlite):/.test(v) || !v.includes('://'),
    'must be postgres://…, postgresql://…, sqlite:<path> or a file path',
  ),
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  API_PREFIX: z
    .string()
    .default('/api')
    .refine((v) => v === '' || (/^\/[A-Za-z0-9/_-]*$/.test(v) && !v.endsWith('/')), 'must be "" or like /api')
    .optional()
    .transform((v) => v ?? '/api'),
  WEB_DIST_DIR: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** The client versions served (GET / supportedClientRange); raise the minimum to force native updates. */
  SUPPORTED_CLIENT_RANGE: z
    .string()
    .default(SUPPORTED_CLIENT_RANGE)
    .refine((v) => validRange(v) !== null, 'must be a semver range like ">=2.0.0 <3.0.0"'),
  /** Extra browser origins allowed to call the API across origins (comma-separated); the native app's are built in. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => URL.canParse(o)),
      'must be comma-separated origins like https://app.example.com',
    ),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),

  // Mail
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Neura <no-reply@neura.local>'),

  // Accounts
  REGISTRATION: z.enum(['invite', 'open']).default('invite'),
  WAITLIST_URL: optionalUrl,
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  SIGNUP_CREDITS: z.coerce.number().int().min(0).default(20),

  // Models
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  CONTEXT_TOKEN_BUDGET: z.coerce.number().int().min(256).default(8000),

  // Speech (ARCHITECTURE.md §3 Speech)
  VOICE_MAX_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  STT_ENGINE: z.enum(['pocketsphinx', 'openai']).default('pocketsphinx'),
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().default('whisper-1'),
  STT_LANGUAGE: optionalString,
  TTS_ENGINE: z.enum(['flite', 'espeak-ng', 'openai']).default('flite'),
  TTS_BASE_URL: optionalUrl,
  TTS_API_KEY: optionalString,
  TTS_MODEL: z.string().default('tts-1'),
  /** flite: slt (default), kal, kal16, awb, rms; espeak-ng: a language such as en-us, de, fr; openai: alloy, … */
  TTS_VOICE: optionalString,
  /** Parallel offline speech jobs; default: CPU cores − 1 (at least 1). */
  SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  // Billing (ARCHITECTURE.md §3 "Billing"); PAYMENTS' default is resolved in loadConfig.
  PAYMENTS: z.enum(['stripe', 'sandbox', 'off']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  CREDIT_PACKS: optionalString,
  // Skills (ARCHITECTURE.md §3 "Skills"): every provider base URL is overridable.
  SEARXNG_URL: optionalUrl,
  BRAVE_API_KEY: optionalString,
  BRAVE_API_URL: z.url().default('https://api.search.brave.com/res/v1'),
  TAVILY_API_KEY: optionalString,
  TAVILY_API_URL: z.url().default('https://api.tavily.com'),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  OPEN_METEO_URL: optionalUrl,
  OPEN_METEO_GEOCODING_URL: optionalUrl,
  OPEN_METEO_API_KEY: optionalString,
  YELP_API_KEY: optionalString,
  YELP_API_URL: z.url().default('https://api.yelp.com/v3'),
  RDAP_BOOTSTRAP_URL: z.url().default('https://data.iana.org/rdap/dns.json'),
  /** `host:port` targets exempt from the SSRF-safe client's private-address rule. */
  OUTBOUND_ALLOW: z.string().default(''),
  /** Caps every skill call's own timeout (milliseconds); the device-location wait gets half of it. */
  SKILL_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  /** JSON object of skill id → credit surcharge per call, over the defaults. */
  SKILL_COSTS: optionalString.refine(
    (v) => v === undefined || isCostMap(v),
    'must be a JSON object of skill → credits',
  ),
});

function isCostMap(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((n) => Number.isInteger(n) && (n as number) >= 0)
    );
  } catch {
    return false;
  }
}

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'PAYMENTS' | 'CREDIT_PACKS'> & {
  DATA_DIR: string;
  /** stripe when STRIPE_SECRET_KEY is set, else sandbox, except off when NODE_ENV=production. */
  PAYMENTS: 'stripe' | 'sandbox' | 'off';
  /** The credit packs on sale (CREDIT_PACKS JSON, or the defaults). */
  CREDIT_PACKS: CreditPack[];
  /** The resolved storage: a SQLite file path or a PostgreSQL URL. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const payments = c.PAYMENTS ?? (c.STRIPE_SECRET_KEY ? 'stripe' : c.NODE_ENV === 'production' ? 'off' : 'sandbox');
  if (payments === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or set PAYMENTS=sandbox or off)',
    );
  }
  const packs = parseCreditPacks(c.CREDIT_PACKS);
  const dataDir = path.resolve(c.DATA_DIR);
  const url = c.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:\/\//.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? path.resolve(url.replace(/^sqlite:/, '')) : path.join(dataDir, 'neura.db') };
  return { ...c, DATA_DIR: dataDir, database, PAYMENTS: payments, CREDIT_PACKS: packs };
}

/** The packs of ARCHITECTURE.md §3 (CREDIT_PACKS overrides them). */
export const DEFAULT_CREDIT_PACKS: CreditPack[] = [
  { id: 'starter', credits: 100, price: 4.99, currency: 'usd' },
  { id: 'plus', credits: 550, price: 19.99, currency: 'usd' },
  { id: 'max', credits: 1500, price: 49.99, currency: 'usd' },
];

function parseCreditPacks(json: string | undefined): CreditPack[] {
  if (json === undefined) return DEFAULT_CREDIT_PACKS;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  CREDIT_PACKS: must be JSON, e.g. [{"id":"starter","credits":100,"price":4.99}]',
    );
  }
  const packs = z.array(creditPackSchema).min(1).safeParse(value);
  if (!packs.success) {
    const lines = packs.error.issues.map((i) => `  CREDIT_PACKS.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const ids = packs.data.map((p) => p.id);
  if (new Set(ids).size !== ids.length)
    throw new ConfigError('Invalid configuration:\n  CREDIT_PACKS: pack ids must be unique');
  return packs.data;
}

import net from 'node:net';
import path from 'node:path';
import {
  type CreditPack,
  CUSTOM_PERSONA_LIMITS,
  creditPackSchema,
  parseVersionRange,
  type Skill,
  VOICE_MAX_SECONDS_DEFAULT,
} from '@neura/contract';
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

/**
 * The reply policy: every time and step limit of one reply, in one place (docs/ARCHITECTURE.md
 * "Reply policy" and docs/CONFIGURATION.md quote it). The engine reads these; two of them have an
 * environment override: `LLM_IDLE_TIMEOUT_SECONDS` (default `modelIdleSeconds`) and
 * `SKILL_TIMEOUT_MS` (caps every `skillTimeoutMs`).
 */
export const REPLY_POLICY = {
  /** No part from the model for this long while it streams → the reply fails and is refunded. */
  modelIdleSeconds: 60,
  /** Model calls per reply when the persona offers tools (text, calls, their results, more text); 1 without. */
  maxSteps: 6,
  /** A streaming reply saves its text this often (crash safety, and the heartbeat the sweep reads). */
  progressSaveMs: 3000,
  /** With Redis: a `streaming` reply not saved for this long belongs to a dead process. */
  staleAfterMs: 10_000,
  /** With Redis: each process sweeps for such replies this often (so one is failed within 15 s). */
  sweepEveryMs: 4000,
  /** Each skill call's own timeout, provider round trips included (a running tool is not model idleness). */
  skillTimeoutMs: {
    generate_image: 180_000,
    edit_image: 180_000,
    edit_image_canvas: 180_000,
    /** With an image provider; the local repair takes `localImageMs`. */
    repair_image: 180_000,
    rotate_image: 30_000,
    resize_image: 30_000,
    web_search: 15_000,
    read_url: 25_000,
    video_search: 15_000,
    generate_music: 300_000,
    forecast_weather: 30_000,
    yelp_business_search: 30_000,
    check_domain: 20_000,
  } satisfies Record<Skill, number>,
  /** An image skill that runs locally (sharp), without a provider. */
  localImageMs: 30_000,
} as const;

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
    .superRefine((v, ctx) => {
      // The native app judges its version with the same reader (contract/src/version-range.ts).
      const range = parseVersionRange(v);
      if (typeof range === 'string') ctx.addIssue({ code: 'custom', message: range });
    }),
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
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  REDIS_PREFIX: z
    .string()
    .default('neura')
    .refine((v) => /^[A-Za-z0-9_.-]{1,64}$/.test(v), 'must be 1–64 letters, digits, "_", "." or "-"'),
  REDIS_BOOT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(15),
  MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  /** A login session unused this many days ends (idle lifetime). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** A login session ends this many days after sign-in, however used (absolute lifetime). */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(365),

  // Mail
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Neura <no-reply@neura.local>'),
  /** Without SMTP_URL, write mails (codes included) to the log: default off in production with a PUBLIC_URL. */
  MAIL_TO_LOG: z.enum(['true', 'false']).optional(),

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
  /** Memory's share of a reply's context (about me + items), in tokens; Pro users get the larger one. */
  MEMORY_CONTEXT_TOKENS: z.coerce.number().int().min(0).default(500),
  MEMORY_CONTEXT_TOKENS_PRO: z.coerce.number().int().min(0).default(1500),

  // Speech (ARCHITECTURE.md §3 Speech)
  VOICE_MAX_SECONDS: z.coerce.number().int().min(1).max(600).default(VOICE_MAX_SECONDS_DEFAULT),
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
  /** The operator's console: the time zone its dashboard counts days in (an IANA name). */
  OPERATOR_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone like Europe/Paris'),
  // Billing (ARCHITECTURE.md §3 "Billing"); PAYMENTS' default is resolved in loadConfig.
  PAYMENTS: z.enum(['stripe', 'sandbox', 'off']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  CREDIT_PACKS: optionalString,
  /**
   * Token prices per model for the console's estimated provider cost: JSON object of model (as
   * replies record it) → `{ "input": n, "output": n }` per million tokens. A price set in the
   * console wins over this one.
   */
  MODEL_PRICES: optionalString,
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
  // Image and music skills (issue #11): OpenAI-compatible images; ElevenLabs Music or Replicate.
  IMAGES_BASE_URL: optionalUrl,
  IMAGES_API_KEY: optionalString,
  IMAGES_MODEL: z.string().default('gpt-image-1'),
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_API_URL: z.url().default('https://api.elevenlabs.io'),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_API_URL: z.url().default('https://api.replicate.com'),
  /** `owner/model` (the model's latest version) or `owner/model:version`. */
  REPLICATE_MUSIC_MODEL: z.string().default('meta/musicgen'),
  // Files (ARCHITECTURE.md §3 "Files")
  /** Signs the expiring file urls; without it a random secret is kept in DATA_DIR/files (set it when several hosts serve files). */
  FILES_URL_SECRET: optionalString,
  /** How long a signed file url works, in seconds. */
  FILES_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(24 * 3600),
  /** Uploads per user per hour. */
  FILES_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /** Disk a user's files (uploads and generated images/tracks) may take, in MB (finding N13). */
  FILES_QUOTA_MB: z.coerce.number().int().min(1).default(1024),
  /** An upload never sent with a message is deleted (row and bytes) this many hours after it was made (N13). */
  FILES_UNSENT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  // "Download my data" (issue #40, M1)
  /** Archives one account may start per day (a day from its first one). */
  ARCHIVES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
  /** A finished archive waits this long to be downloaded (then, or once downloaded, it is deleted). */
  ARCHIVE_KEEP_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  // The outside-image proxy (issue #40, M2; docs/SECURITY.md "Image proxy")
  /** How long a proxy link works, in hours (it is also refused once its session ends). */
  IMAGE_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Proxy links one account may mint per hour. */
  IMAGE_LINKS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** How long the proxy remembers an outside image it could not fetch (or that was no image), in seconds. */
  IMAGE_PROXY_REFUSAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** An S3-compatible store for file bytes (instead of DATA_DIR/files) when S3_BUCKET is set. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `true` (default): https://endpoint/bucket/key; `false`: https://bucket.endpoint/key. */
  S3_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** `host:port` targets exempt from the SSRF-safe client's private-address rule. */
  OUTBOUND_ALLOW: z.string().default(''),
  /** Caps every skill call's own timeout (milliseconds); the device-location wait gets half of it. */
  SKILL_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  /** Crash tests only: failpoints (lib/failpoints.ts) that kill the process on purpose; refused in production. */
  FAILPOINTS: optionalString.transform((v) =>
    v === undefined
      ? []
      : v
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
  ),
  /** JSON object of skill id → credit surcharge per call, over the defaults. */
  SKILL_COSTS: optionalString.refine(
    (v) => v === undefined || isCostMap(v),
    'must be a JSON object of skill → credits',
  ),
  // People's own personas (issue #29, docs/CONFIGURATION.md "Custom personas")
  /** How many personas (not deleted) one user may have. */
  CUSTOM_PERSONAS_PER_USER: z.coerce.number().int().min(0).max(10_000).default(10),
  /** How many personas one user may create per day, deleted ones included (finding L5). */
  CUSTOM_PERSONAS_CREATED_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
  /** The longest instructions (system prompt) a custom persona may have, in characters. */
  CUSTOM_PERSONA_INSTRUCTIONS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(CUSTOM_PERSONA_LIMITS.instructions, `must be at most ${CUSTOM_PERSONA_LIMITS.instructions}`)
    .default(8000),
  /** Comma-separated `provider:model` list creators choose from; unset: the server's default model. */
  CUSTOM_PERSONA_MODELS: optionalString.refine(
    (v) => v === undefined || v.split(',').every((m) => /^[a-z0-9-]+:\S+$/.test(m.trim())),
    'must be a comma-separated list of provider:model, e.g. openai:gpt-4o-mini,llm:llama3',
  ),
  /** JSON object of model (`provider:model`, or `*` for any other) → credits per message. */
  CUSTOM_PERSONA_PRICES: optionalString.refine(
    (v) => v === undefined || isCostMap(v),
    'must be a JSON object of model → credits, e.g. {"openai:gpt-4o":5,"*":2}',
  ),
  /** No token from the model for this long → the reply fails and is refunded. */
  LLM_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(REPLY_POLICY.modelIdleSeconds),
  // Operations (docs/DEPLOYMENT.md "Metrics" and "Tracing")
  /** Serves GET /metrics on the app to `Authorization: Bearer <token>`; unset: no /metrics on the app. */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  /** Serves GET /metrics on 127.0.0.1:<port> (a cluster worker: port + its id − 1); unset: off. */
  METRICS_PORT: optionalString
    .refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) <= 65535), 'must be a port number')
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /** OpenTelemetry traces are exported (OTLP over HTTP) here when set; unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().default('neura'),
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

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One address or CIDR (IPv4 or IPv6), or a named range proxy-addr knows. */
function isAddressOrCidr(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (`false`, `0`, empty), a hop count (`1` = one proxy in front), or a comma list
 * of proxy addresses/CIDRs. "Trust everything" (`true`) is refused: it lets any client choose its
 * own X-Forwarded-For address and voids every per-IP limit. Returns an error message when invalid.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    return "TRUST_PROXY=true would trust any client's X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses/CIDRs";
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : 'must be a hop count from 1 to 10, or a list of addresses/CIDRs';
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (bad !== undefined || entries.length === 0) return `"${bad ?? v}" is not an IP address or CIDR`;
  return entries;
}

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
};

export class ConfigError extends Error {}

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
  };
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

/** A model's token prices (per million tokens, in the shop's currency). */
export interface ConfiguredModelPrice {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
}

const MODEL_PRICES_EXAMPLE = '{"openai:gpt-4o-mini":{"input":0.15,"output":0.6}}';

function parseModelPrices(json: string | undefined): ConfiguredModelPrice[] {
  if (json === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  MODEL_PRICES: must be JSON, e.g. ${MODEL_PRICES_EXAMPLE}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(
      `Invalid configuration:\n  MODEL_PRICES: must be a JSON object, e.g. ${MODEL_PRICES_EXAMPLE}`,
    );
  }
  const price = z.number().min(0).max(10_000);
  const prices = z.record(z.string().min(1).max(200), z.strictObject({ input: price, output: price })).safeParse(value);
  if (!prices.success) {
    const lines = prices.error.issues.map((i) => `  MODEL_PRICES.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.entries(prices.data).map(([model, p]) => ({ model, inputPerMTok: p.input, outputPerMTok: p.output }));
}

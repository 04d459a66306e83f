import { CUSTOM_PERSONA_LIMITS, parseVersionRange, VOICE_MAX_SECONDS_DEFAULT } from '@neura/contract';
import { z } from 'zod';
import { SUPPORTED_CLIENT_RANGE } from '../version.js';
import { DOCUMENT_FIELDS } from './documents.js';
import { isCostMap, optionalString, optionalUrl, parseTrustProxy } from './fields.js';
import { REPLY_POLICY } from './reply-policy.js';

/** Every environment variable the server reads, with its type, bounds and default (docs/CONFIGURATION.md). */
export const configSchema = z.object({
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
  TEMPORARY_CHAT_GRACE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(180_000),
  /** A login session unused this many days ends (idle lifetime). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** A login session ends this many days after sign-in, however used (absolute lifetime). */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Removing a passkey, signing a device out or unlinking an identity needs a proof this recent. */
  REAUTH_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
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
  /** Sign-in with OpenID Connect (config/oidc.ts reads and checks them; docs/CONFIGURATION.md). */
  OIDC_PROVIDERS: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_TEAM_ID: optionalString,
  APPLE_KEY_ID: optionalString,
  APPLE_PRIVATE_KEY: optionalString,
  /** Native passkeys: the iOS app ids (TEAMID.bundle, comma-separated) for apple-app-site-association. */
  APPLE_APP_IDS: optionalString,
  /** Native passkeys: the Android package and its signing certificates' SHA-256 (comma-separated) for assetlinks.json. */
  ANDROID_APP_PACKAGE: optionalString,
  ANDROID_CERT_FINGERPRINTS: optionalString,

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
  /** The most items one user's memory holds (by hand and by the model together). */
  MEMORY_ITEMS_MAX: z.coerce.number().int().min(1).max(100_000).default(1000),
  // Notifications (issue #48): the VAPID key pair (base64url); unset, one is made and kept in DATA_DIR.
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** The VAPID `sub` claim: how a push service reaches the operator (mailto: or https:). */
  VAPID_SUBJECT: z.string().default('mailto:admin@localhost'),
  /** Every open tab hidden this long counts as nobody looking (a reply is pushed). */
  PUSH_HIDDEN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Native push: FCM's service-account JSON key (inline, or a file's path); APNs' .p8 key (PEM or path). */
  FCM_SERVICE_ACCOUNT: optionalString,
  FCM_BASE_URL: optionalUrl,
  APNS_KEY: optionalString,
  APNS_KEY_ID: optionalString,
  APNS_TEAM_ID: optionalString,
  /** The iOS app's bundle id (`apns-topic`); APNS_HOST: api.sandbox.push.apple.com for development builds. */
  APNS_TOPIC: optionalString,
  APNS_HOST: z.string().url().default('https://api.push.apple.com'),
  /** A CA (PEM or path) to trust for APNS_HOST besides the system's (a local APNs in tests). */
  APNS_CA: optionalString,
  // Documents (issue #45): config/documents.ts
  ...DOCUMENT_FIELDS,

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
  /** Reply timers in ms (docs/CONFIGURATION.md): progress save; with Redis, stale after (> 2 × save); sweep. */
  REPLY_SAVE_EVERY_MS: z.coerce.number().int().min(100).max(60_000).default(REPLY_POLICY.progressSaveMs),
  REPLY_STALE_AFTER_MS: z.coerce.number().int().min(300).max(600_000).default(REPLY_POLICY.staleAfterMs),
  REPLY_SWEEP_EVERY_MS: z.coerce.number().int().min(100).max(600_000).default(REPLY_POLICY.sweepEveryMs),
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

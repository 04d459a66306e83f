import type { Skill } from '@neura/contract';

/**
 * The reply policy: every time and step limit of one reply, in one place (docs/ARCHITECTURE.md
 * "Reply policy" and docs/CONFIGURATION.md quote it). The engine reads these; five of them have an
 * environment override: `LLM_IDLE_TIMEOUT_SECONDS` (default `modelIdleSeconds`), `SKILL_TIMEOUT_MS`
 * (caps every `skillTimeoutMs`), and `REPLY_SAVE_EVERY_MS`, `REPLY_STALE_AFTER_MS`,
 * `REPLY_SWEEP_EVERY_MS` (defaults `progressSaveMs`, `staleAfterMs`, `sweepEveryMs`; tests shorten them).
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

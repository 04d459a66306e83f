import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { userSchema } from '@neura/contract';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { EventBus } from '../lib/events.js';
import type { RedisLink } from '../realtime/redis-health.js';

/**
 * The admin channel: how a change the admin CLI makes (a grant, Pro, an ended session) reaches
 * the devices connected to the running servers. The CLI is a process of its own; it tells every
 * running server, and each re-announces the event on its own bus, for its own sockets.
 *
 * - With REDIS_URL: a Redis pub/sub channel (`<REDIS_PREFIX>:admin-events`). Every server process
 *   subscribes; the CLI publishes. A malformed message is logged and ignored.
 * - Without Redis (the one-process SQLite default): a loopback-only route guarded by a random
 *   secret; the server writes where to find it, with the secret, to DATA_DIR/admin-channel.json
 *   (mode 0600, so only the server's OS user can read it).
 *
 * Both carry the same messages (`adminEventSchema`).
 */
export const ADMIN_CHANNEL_FILE = 'admin-channel.json';
export const ADMIN_SECRET_HEADER = 'x-neura-admin-secret';
export const ADMIN_EVENTS_PATH = '/_admin/events';
/** The pub/sub channel's name under REDIS_PREFIX. */
export const ADMIN_EVENTS_CHANNEL = 'admin-events';

const id = z.string().min(1).max(64);
/** What the CLI tells running servers: the domain events whose effects devices see. */
export const adminEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('credits.changed'),
    payload: z.object({ userId: id, credits: z.number().int().min(0) }),
  }),
  z.object({ event: z.literal('user.changed'), payload: z.object({ userId: id, user: userSchema }) }),
  z.object({ event: z.literal('session.revoked'), payload: z.object({ sessionIds: z.array(id).min(1).max(10_000) }) }),
]);
export type AdminEvent = z.infer<typeof adminEventSchema>;
/** The events the CLI forwards (each a variant of `adminEventSchema`). */
export const FORWARDED_EVENTS = ['credits.changed', 'user.changed', 'session.revoked'] as const;

/**
 * Re-announces a message of the channel on this process's bus. `local`: every server process got
 * the same message, so each delivers it to its own sockets only (else a device would get it once
 * per process through the Socket.IO Redis adapter).
 */
function announce(events: EventBus, message: AdminEvent): Promise<void> {
  switch (message.event) {
    case 'credits.changed':
      return events.emit('credits.changed', { ...message.payload, local: true });
    case 'user.changed':
      return events.emit('user.changed', { ...message.payload, local: true });
    case 'session.revoked':
      return events.emit('session.revoked', { ...message.payload, local: true });
  }
}

// ---------------------------------------------------------------------------------------------
// With Redis: pub/sub

/**
 * The server side with Redis: every message published on the channel is re-announced here. A
 * message that is not JSON or not one of `adminEventSchema` is logged (warn) and ignored.
 * Resolves once subscribed; the returned function unsubscribes.
 */
export async function subscribeAdminEvents(
  redis: RedisLink,
  events: EventBus,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const channel = redis.key(ADMIN_EVENTS_CHANNEL);
  const listener = (raw: string) => {
    let parsed: ReturnType<typeof adminEventSchema.safeParse>;
    try {
      parsed = adminEventSchema.safeParse(JSON.parse(raw));
    } catch {
      log.warn({ channel, reason: 'not JSON', bytes: raw.length }, 'admin channel: ignored a malformed message');
      return;
    }
    if (!parsed.success) {
      const reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ');
      log.warn({ channel, reason, bytes: raw.length }, 'admin channel: ignored a malformed message');
      return;
    }
    const message = parsed.data;
    announce(events, message).catch((error: unknown) =>
      log.error({ err: error, event: message.event }, 'admin channel: announcing the event failed'),
    );
  };
  await redis.subscriber.subscribe(channel, listener);
  return async () => {
    try {
      await redis.subscriber.unsubscribe(channel, listener);
    } catch {
      // Redis away: the link is being closed anyway.
    }
  };
}

/**
 * The CLI side with Redis: publishes the event to every running server. Resolves with how many
 * server processes received it (0: none runs; the change is stored and devices see it on their
 * next load).
 */
export function publishAdminEvent(redis: RedisLink, message: AdminEvent): Promise<number> {
  return redis.client.publish(redis.key(ADMIN_EVENTS_CHANNEL), JSON.stringify(message));
}

// ---------------------------------------------------------------------------------------------
// Without Redis: the loopback route and its file

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const newAdminSecret = (): string => randomBytes(32).toString('hex');

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The server side without Redis: an event the CLI posts is announced here like any other. */
export const adminChannelRoutes =
  (secret: string, events: EventBus): FastifyPluginAsync =>
  async (app) => {
    app.post(ADMIN_EVENTS_PATH, async (request, reply) => {
      // Not from this machine, or without the secret: the route does not exist.
      const remote = request.socket.remoteAddress ?? '';
      if (!LOOPBACK.has(remote) || !sameSecret(request.headers[ADMIN_SECRET_HEADER], secret)) {
        return reply.code(404).send({ message: 'Not found.', code: 'not-found' });
      }
      const parsed = adminEventSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid request.', code: 'request:invalid' });
      await announce(events, parsed.data);
      return { success: true };
    });
  };

interface ChannelFile {
  url: string;
  secret: string;
}

const channelPath = (dataDir: string) => path.join(dataDir, ADMIN_CHANNEL_FILE);

/** Written once the server listens: where the channel is and its secret (0600). */
export function writeChannelFile(dataDir: string, port: number, secret: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = channelPath(dataDir);
  const body: ChannelFile = { url: `http://127.0.0.1:${port}`, secret };
  fs.writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** Removed on close, unless another server has written its own since. */
export function removeChannelFile(dataDir: string, secret: string): void {
  const found = readChannelFile(dataDir);
  if (found?.secret === secret) fs.rmSync(channelPath(dataDir), { force: true });
}

function readChannelFile(dataDir: string): ChannelFile | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(channelPath(dataDir), 'utf8')) as Partial<ChannelFile>;
    return typeof parsed.url === 'string' && typeof parsed.secret === 'string'
      ? { url: parsed.url, secret: parsed.secret }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CLI side without Redis: tells the running server of DATA_DIR about the event. 'no-server'
 * when none runs (no channel file, or nobody answers it): the change is stored and devices see it
 * on their next load.
 */
export async function announceToRunningServer(
  dataDir: string,
  message: AdminEvent,
): Promise<'delivered' | 'no-server'> {
  const channel = readChannelFile(dataDir);
  if (!channel) return 'no-server';
  let res: Response;
  try {
    res = await fetch(`${channel.url}${ADMIN_EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: channel.secret },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    return 'no-server';
  }
  if (!res.ok) throw new Error(`the running server answered ${res.status}`);
  return 'delivered';
}

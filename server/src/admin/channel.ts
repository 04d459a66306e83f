import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { EventBus } from '../lib/events.js';

/**
 * The admin channel: how the admin CLI reaches a running server that has no Redis (the one-process
 * SQLite default). The server listens on a loopback-only route guarded by a random secret, and
 * writes where to find it, with the secret, to DATA_DIR/admin-channel.json (mode 0600, so only
 * the server's OS user can read it). With REDIS_URL the CLI does not use this: it emits through
 * the Socket.IO Redis adapter instead.
 */
export const ADMIN_CHANNEL_FILE = 'admin-channel.json';
export const ADMIN_SECRET_HEADER = 'x-neura-admin-secret';
export const ADMIN_CREDITS_PATH = '/_admin/credits-changed';

const creditsChangedSchema = z.object({ userId: z.string().min(1).max(64), credits: z.number().int().min(0) });
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const newAdminSecret = (): string => randomBytes(32).toString('hex');

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The server side: a balance the CLI changed is announced here like any other (`credits.changed`). */
export const adminChannelRoutes =
  (secret: string, events: EventBus): FastifyPluginAsync =>
  async (app) => {
    app.post(ADMIN_CREDITS_PATH, async (request, reply) => {
      // Not from this machine, or without the secret: the route does not exist.
      const remote = request.socket.remoteAddress ?? '';
      if (!LOOPBACK.has(remote) || !sameSecret(request.headers[ADMIN_SECRET_HEADER], secret)) {
        return reply.code(404).send({ message: 'Not found.', code: 'not-found' });
      }
      const parsed = creditsChangedSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid request.', code: 'request:invalid' });
      await events.emit('credits.changed', parsed.data);
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
 * The CLI side: tells the running server of DATA_DIR about a new balance. 'no-server' when none
 * runs (no channel file, or nobody answers it): the change is stored and devices see it on their
 * next load.
 */
export async function announceToRunningServer(
  dataDir: string,
  change: { userId: string; credits: number },
): Promise<'delivered' | 'no-server'> {
  const channel = readChannelFile(dataDir);
  if (!channel) return 'no-server';
  try {
    const res = await fetch(`${channel.url}${ADMIN_CREDITS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: channel.secret },
      body: JSON.stringify(change),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`the running server answered ${res.status}`);
    return 'delivered';
  } catch (error) {
    if (error instanceof Error && /answered/.test(error.message)) throw error;
    return 'no-server';
  }
}

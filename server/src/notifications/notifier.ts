import type { PushPayload } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from '../jobs/queue.js';
import type { NewsEvents } from '../lib/events.js';
import { presentPersona } from '../personas/present.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { NotificationRepository } from './repository.js';
import type { NativePushSender, PushOutcome, WebPushSender } from './senders.js';
import { inQuietHours, type NotificationService } from './service.js';
import { firstWords, pushTexts } from './texts.js';

export interface NotifierDeps {
  repo: NotificationRepository;
  service: NotificationService;
  /** The user's sockets on every process, with when each tab said it was hidden (realtime/). */
  presence: (userId: string) => Promise<Array<{ hiddenSince?: number }>>;
  personas: Pick<PersonaRepository, 'findById'>;
  web: Pick<WebPushSender, 'send'>;
  native: NativePushSender;
  /** Every tab hidden this long: nobody is looking. */
  hiddenMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** A persona's name in the user's language. */
function nameOf(persona: ReturnType<typeof presentPersona> | undefined, locale: string | null | undefined): string {
  return (locale && persona?.translations?.[locale as 'es']?.name) || persona?.name || 'Neura';
}

/** The `push.send` job: one push to one device. */
export interface PushJob {
  kind: 'web' | 'native';
  id: string;
  payload: PushPayload;
}

/**
 * When a push goes out: a reply (or an archive) is done, the user wants it (`replies`, outside
 * quiet hours) and no tab of theirs is being looked at — none connected, or every one hidden for
 * `hiddenMs`. The device the user is looking at never gets one.
 */
export function createNotifier(deps: NotifierDeps) {
  const nobodyLooking = async (userId: string, now: number) => {
    const sockets = await deps.presence(userId);
    return sockets.every((s) => s.hiddenSince !== undefined && now - s.hiddenSince >= deps.hiddenMs);
  };

  /** The user's settings when a push is wanted now; `about` names what a held push was for. */
  const wanted = async (userId: string, now: number, about: Record<string, string> = {}) => {
    const settings = await deps.service.settings(userId);
    if (!settings.replies) return undefined;
    if (inQuietHours(settings.quietHours, now)) {
      // The decision is final (nothing is queued later): a line operators and tests can rely on.
      deps.log.info({ userId, ...about }, 'push held: quiet hours');
      return undefined;
    }
    return (await nobodyLooking(userId, now)) ? settings : undefined;
  };

  /** Queues the reply's pushes; answers how many (0: not wanted, or someone is looking). */
  async function replyFinished(event: NewsEvents['reply.finished'], now = Date.now()): Promise<number> {
    const settings = await wanted(event.userId, now, { chatId: event.chatId, messageId: event.messageId });
    if (!settings) return 0;
    const [user, row] = await Promise.all([deps.repo.locale(event.userId), deps.personas.findById(event.personaId)]);
    const texts = pushTexts(user?.locale);
    const persona = row ? presentPersona(row) : undefined;
    const name = nameOf(persona, user?.locale);
    const payload: PushPayload = {
      title: settings.hideContents ? texts.newReplyFrom(name) : name,
      body: settings.hideContents ? '' : firstWords(event.text) || texts.replyReady,
      url: `/chats/${event.chatId}`,
      chatId: event.chatId,
      messageId: event.messageId,
      ...(persona?.avatarUrl && !settings.hideContents ? { icon: persona.avatarUrl } : {}),
    };
    return deps.service.queue(event.userId, event.messageId, payload);
  }

  /** A group round's one push: titled with the chat, naming who replied (issue #48). */
  async function roundFinished(event: NewsEvents['round.finished'], now = Date.now()): Promise<number> {
    const settings = await wanted(event.userId, now);
    if (!settings) return 0;
    const [user, chat] = await Promise.all([
      deps.repo.locale(event.userId),
      deps.repo.chatName(event.userId, event.chatId),
    ]);
    if (!chat) return 0;
    const texts = pushTexts(user?.locale);
    const names = await Promise.all(event.personaIds.map((id) => personaName(id, user?.locale)));
    const list = new Intl.ListFormat(user?.locale ?? 'en-US', { type: 'conjunction' }).format([...new Set(names)]);
    const payload: PushPayload = {
      title: settings.hideContents ? texts.groupRepliesHidden : chat.name,
      body: settings.hideContents ? '' : texts.groupReplied(list),
      url: `/chats/${event.chatId}`,
      chatId: event.chatId,
    };
    return deps.service.queue(event.userId, `round:${event.roundId}`, payload, now);
  }

  async function archiveReady(event: NewsEvents['archive.ready'], now = Date.now()): Promise<number> {
    if (!(await wanted(event.userId, now))) return 0;
    const texts = pushTexts((await deps.repo.locale(event.userId))?.locale);
    const payload = { title: texts.archiveTitle, body: texts.archiveBody, url: '/settings/data' };
    return deps.service.queue(event.userId, `archive:${now}`, payload);
  }

  /** One push to one device: 404/410 drops it, 429/5xx throws (the job is tried again, backing off). */
  async function send(job: PushJob, context: Pick<JobContext, 'attempt'>): Promise<PushOutcome> {
    let outcome: PushOutcome;
    if (job.kind === 'web') {
      const sub = await deps.repo.subscription(job.id);
      if (!sub) return 'gone';
      outcome = await deps.web.send(sub, job.payload);
      if (outcome === 'gone') await deps.repo.dropSubscription(job.id);
    } else {
      const device = await deps.repo.token(job.id);
      if (!device) return 'gone';
      outcome = await deps.native.send(device, job.payload);
      if (outcome === 'gone') await deps.repo.dropToken(job.id);
    }
    if (outcome === 'retry') throw new Error(`push service busy (try ${context.attempt})`);
    if (outcome === 'refused') deps.log.warn({ kind: job.kind }, 'push refused by the push service');
    return outcome;
  }

  async function personaName(id: string, locale: string | null | undefined): Promise<string> {
    const row = await deps.personas.findById(id);
    return nameOf(row ? presentPersona(row) : undefined, locale);
  }

  return { replyFinished, roundFinished, archiveReady, send };
}

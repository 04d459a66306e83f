import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FakeServer } from '@neura/test-kit/fakes/http';
import { startFakeOpenMeteo } from '@neura/test-kit/fakes/open-meteo';
import { type ReplayServer, startReplayServer } from '@neura/test-kit/fakes/replay';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageRepository } from '../../src/conversation/repository.js';
import { connected, type Recorded, record, send, waitFor } from '../helpers/conversation.js';
import { connectSocket, type TestSocket } from '../helpers/socket.js';
import { type Field, type Transcript, transcripts } from './manifest.js';
import { fieldsOf, matches, type Outcome, question, referenceOutcome } from './outcome.js';

/**
 * The provider conformance suite (issue #24): every transcript in manifest.ts is replayed over HTTP
 * through the real app (socket send → engine → skills → stored reply) and through the AI SDK's
 * `streamText` as the reference. The app must give the user what the manifest says; the reference
 * must agree, except where the manifest writes down why it does not.
 */

/**
 * How the app reaches the model: LLM_BASE_URL (`openai-compatible`), OPENAI_API_KEY with
 * OPENAI_BASE_URL (`openai`) or ANTHROPIC_API_KEY (`anthropic`). Every OpenAI-format transcript
 * runs on both OpenAI paths: a server that speaks Chat Completions can sit behind either.
 */
type AppPath = 'openai-compatible' | 'openai' | 'anthropic';
const pathsOf = (t: Transcript): AppPath[] => (t.api === 'anthropic' ? ['anthropic'] : ['openai-compatible', 'openai']);

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'transcripts');
const CREDITS = 50;

interface Side {
  app: TestApp;
  user: TestUser;
  socket: TestSocket;
  events: Recorded[];
}

describe('provider conformance', () => {
  let replay: ReplayServer;
  let meteo: FakeServer;
  /** One app per client path, and one of each with a 1 s idle timeout (slow thinkers). */
  const sides = new Map<string, Side>();
  const sideKey = (t: Pick<Transcript, 'idleTimeoutSeconds'>, path: AppPath) =>
    t.idleTimeoutSeconds ? `${path}:idle${t.idleTimeoutSeconds}` : path;

  async function side(app: TestApp): Promise<Side> {
    const user = await app.seed.user({
      password: null,
      credits: CREDITS,
      proExpiry: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const socket = await connected(connectSocket(app.url, user.token));
    // A weather call without a place asks the device: answer at once, so a wrong call shows as Berlin.
    socket.on('requestData', (_payload, ack) =>
      ack({ latitude: 52.52, longitude: 13.41, city: 'Berlin', country: 'Germany', timezone: 'Europe/Berlin' }),
    );
    return { app, user, socket, events: record(socket) };
  }

  beforeAll(async () => {
    [replay, meteo] = await Promise.all([startReplayServer(), startFakeOpenMeteo()]);
    for (const transcript of transcripts)
      replay.load(
        transcript.name,
        transcript.steps.map((step) => ({
          status: step.status,
          headers: step.headers,
          body: fs.readFileSync(path.join(DIR, step.file), 'utf8'),
          lineEnding: step.lineEnding,
          writeBytes: step.writeBytes,
          eventDelayMs: step.eventDelayMs,
        })),
      );
    const skills = {
      OPEN_METEO_URL: `${meteo.url}/v1`,
      OPEN_METEO_GEOCODING_URL: `${meteo.url}/v1`,
      SKILL_TIMEOUT_MS: '5000',
    };
    const env: Record<AppPath, Record<string, string>> = {
      'openai-compatible': { LLM_BASE_URL: replay.baseUrl, LLM_MODEL: 'replay-model', LLM_API_KEY: 'sk-replay' },
      openai: { OPENAI_API_KEY: 'sk-openai-replay', OPENAI_BASE_URL: replay.baseUrl },
      anthropic: { ANTHROPIC_API_KEY: 'sk-ant-replay', ANTHROPIC_BASE_URL: replay.baseUrl },
    };
    const wanted = new Map(transcripts.flatMap((t) => pathsOf(t).map((p) => [sideKey(t, p), { t, p }] as const)));
    await Promise.all(
      [...wanted].map(async ([key, { t, p }]) => {
        const idle: Record<string, string> = t.idleTimeoutSeconds
          ? { LLM_IDLE_TIMEOUT_SECONDS: String(t.idleTimeoutSeconds) }
          : {};
        sides.set(key, await side(await startTestApp({ ...env[p], ...skills, ...idle })));
      }),
    );
  });

  afterAll(async () => {
    for (const s of sides.values()) {
      s.socket.close();
      await s.app.stop();
    }
    await Promise.all([replay?.close(), meteo?.close()]);
  });

  /** Sends the transcript's question in a new chat and reads what the user got. */
  async function appOutcome(transcript: Transcript, path: AppPath) {
    const s = sides.get(sideKey(transcript, path));
    if (!s) throw new Error(`no app for ${sideKey(transcript, path)}`);
    replay.rewind(transcript.name);
    await s.app.seed.credits(s.user.id, CREDITS);
    const chat = await s.app.seed.chat(s.user.id, 'sky-watcher');
    const meteoBefore = meteo.requests.length;
    const replayBefore = replay.requests.length;
    const ack = await send(s.socket, chat.id, question(transcript));
    expect(ack.error).toBeUndefined();
    const end = await waitFor(
      s.events,
      (r) => (r.event === 'message.done' || r.event === 'message.error') && r.payload.chatId === chat.id,
      20_000,
    );
    const messageId: string = end.payload.messageId ?? end.payload.message.id;
    const row = await new MessageRepository(s.app.db).findById(messageId);
    if (!row) throw new Error('the reply was not stored');
    const credits = (await s.app.read.user(s.user.id))?.credits;
    const parts = (JSON.parse(row.parts ?? '[]') as Array<Record<string, unknown>>).filter((p) => p.type === 'tool');
    const geocoded = meteo.requests
      .slice(meteoBefore)
      .filter((r) => r.url.pathname === '/v1/search')
      .map((r) => r.url.searchParams.get('name'));
    const forecasts = meteo.requests.slice(meteoBefore).filter((r) => r.url.pathname === '/v1/forecast').length;
    const ofChat = (event: string) =>
      s.events
        .filter((r) => r.event === event && r.payload.chatId === chat.id && r.payload.messageId === messageId)
        .map((r) => r.payload.text as string)
        .join('');
    const usage = {
      ...(row.input_tokens != null ? { inputTokens: row.input_tokens } : {}),
      ...(row.output_tokens != null ? { outputTokens: row.output_tokens } : {}),
      ...(row.reasoning_tokens != null ? { reasoningTokens: row.reasoning_tokens } : {}),
      ...(row.cached_input_tokens != null ? { cachedInputTokens: row.cached_input_tokens } : {}),
    };
    const outcome: Outcome = {
      status: row.status,
      text: row.content,
      tools: parts.filter((p) => p.status === 'complete').map((p) => ({ skill: String(p.skill), input: p.input })),
      usage,
      finishReason: row.finish_reason ?? undefined,
      reasoning: row.reasoning ?? '',
      requests: replay.served(transcript.name),
      toolFailure:
        forecasts === 0 &&
        (parts.some((p) => p.status === 'failed' && typeof p.error === 'string' && p.error !== '') ||
          // A dropped call leaves an empty reply: that is the silent failure, not a visible one.
          (row.status === 'failed' && end.event === 'message.error' && end.payload.code !== 'llm:empty') ||
          // Or the model was told, as the call's tool result, why its call was not run (a call with
          // no name has no skill to show a failed part for), and answered after that.
          replay.requests
            .slice(replayBefore)
            .filter((r) => r.transcript === transcript.name && (r.step ?? 0) > 0)
            .flatMap((r) => (r.body.messages ?? []) as Array<{ role: string; content: unknown }>)
            .some((m) => m.role === 'tool' && /not run|invalid|error/i.test(JSON.stringify(m.content ?? '')))),
    };
    return {
      outcome,
      end,
      credits,
      geocoded,
      forecasts,
      liveText: ofChat('message.delta'),
      liveReasoning: ofChat('message.reasoning'),
      /** The model requests of this reply. */
      sent: replay.requests.slice(replayBefore).filter((r) => r.transcript === transcript.name),
    };
  }

  for (const transcript of transcripts) {
    const { name, expect: wanted } = transcript;

    for (const appPath of pathsOf(transcript))
      it(`${name} (${transcript.source}): the user gets what the transcript says${appPath === 'openai' ? ' (OPENAI_API_KEY + OPENAI_BASE_URL)' : ''}`, async () => {
        const got = await appOutcome(transcript, appPath);
        // CONFORMANCE_DEBUG=1 prints what each side got (for reading a failure against the manifest).
        if (process.env.CONFORMANCE_DEBUG) console.log(name, JSON.stringify(got.outcome));
        const wrong: Array<{ field: string; expected: unknown; got: unknown }> = [];
        for (const field of fieldsOf(wanted))
          if (!matches(field, wanted, got.outcome))
            wrong.push({ field, expected: wanted[field], got: got.outcome[field] });

        const { outcome } = got;
        if (wanted.tools) {
          // Each call ran the skill with its own input: one geocoding per named place, one forecast each.
          const places = wanted.tools.map((t) => t.input.location).sort();
          if (JSON.stringify([...got.geocoded].sort()) !== JSON.stringify(places) || got.forecasts !== places.length)
            wrong.push({ field: 'skill requests', expected: places, got: got.geocoded });
        }
        if (wanted.status === 'failed') {
          // A clear message, and the charge back.
          if (got.end.event !== 'message.error' || !String(got.end.payload.message ?? '').trim())
            wrong.push({ field: 'error message', expected: 'message.error with a message', got: got.end.event });
          if (got.credits !== CREDITS) wrong.push({ field: 'refund', expected: CREDITS, got: got.credits });
        }
        if (wanted.status === 'complete') {
          if (got.end.event !== 'message.done')
            wrong.push({ field: 'done', expected: 'message.done', got: got.end.payload });
          if (!(got.credits !== undefined && got.credits < CREDITS))
            wrong.push({ field: 'charge', expected: `< ${CREDITS}`, got: got.credits });
          if (got.liveText !== outcome.text)
            wrong.push({ field: 'live text (message.delta)', expected: outcome.text, got: got.liveText });
        }
        if (wanted.reasoning) {
          // Thinking is never sent back to the model as the answer (the request after a tool call).
          const resent = got.sent
            .filter((r) => (r.step ?? 0) > 0)
            .flatMap((r) => (r.body.messages ?? []) as Array<{ role: string; content: unknown }>)
            .filter((m) => m.role === 'assistant' && JSON.stringify(m.content ?? '').includes(wanted.reasoning ?? ''));
          if (resent.length > 0) wrong.push({ field: 'reasoning sent back as the answer', expected: [], got: resent });
        }
        if (wanted.reasoning !== undefined && got.liveReasoning !== wanted.reasoning)
          wrong.push({
            field: 'live reasoning (message.reasoning)',
            expected: wanted.reasoning,
            got: got.liveReasoning,
          });
        expect(wrong, `differs on: ${wrong.map((w) => w.field).join(', ')}`).toEqual([]);
      });

    it(`${name}: the AI SDK's streamText agrees, or the manifest says why not`, async () => {
      replay.rewind(name);
      const outcome = await referenceOutcome(transcript, replay.baseUrl, () => replay.served(name));
      if (process.env.CONFORMANCE_DEBUG) console.log(name, JSON.stringify(outcome));
      const known = transcript.knownDifference ?? {};
      const wrong: Array<{ field: string; expected: unknown; got: unknown; note?: string }> = [];
      for (const field of fieldsOf(wanted)) {
        const agrees = matches(field, wanted, outcome);
        const reason = known[field];
        if (!reason && !agrees) wrong.push({ field, expected: wanted[field], got: outcome[field] });
        if (reason && agrees)
          wrong.push({ field, expected: 'a difference', got: 'agreement', note: `stale knownDifference: ${reason}` });
      }
      for (const field of Object.keys(known) as Field[])
        if (wanted[field] === undefined) wrong.push({ field, expected: 'a field the manifest sets', got: 'unset' });
      expect(wrong, `differs on: ${wrong.map((w) => w.field).join(', ')}`).toEqual([]);
    });
  }

  it('should hold at least 40 transcripts covering every provider shape the issue names', () => {
    expect(transcripts.length).toBeGreaterThanOrEqual(40);
    expect(new Set(transcripts.map((t) => t.name)).size).toBe(transcripts.length);
    const prefixes = new Set(transcripts.map((t) => t.name.split('-')[0]));
    for (const p of [
      'openai',
      'azure',
      'anthropic',
      'deepseek',
      'openrouter',
      'groq',
      'mistral',
      'xai',
      'gemini',
      'vllm',
      'ollama',
      'llamacpp',
      'lmstudio',
      'sglang',
      'moonshot',
    ])
      expect(prefixes).toContain(p);
    for (const t of transcripts)
      for (const step of t.steps) expect(fs.existsSync(path.join(DIR, step.file)), step.file).toBe(true);
  });
});

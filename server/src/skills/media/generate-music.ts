import { type Config, REPLY_POLICY } from '../../config.js';
import { SafeHttpError } from '../http/safe-client.js';
import { SkillError } from '../skill-error.js';
import { type RunContext, type SkillModule, skillTool } from '../skill-tool.js';
import { joinUrl } from '../text.js';

/**
 * generate_music: ElevenLabs Music (`POST /v1/music`, the track in the body) or a Replicate model
 * (`POST …/predictions`, polled until it ends; the track's url, a third-party address, fetched
 * through the SSRF-safe client with a size cap). The track is stored as a file of the chat.
 */

const LABEL = 'music service';
const MAX_TRACK_BYTES = 30 * 1024 * 1024;
const DEFAULT_SECONDS = 30;
const TIMEOUT_MS = REPLY_POLICY.skillTimeoutMs.generate_music;

const musicAvailable = (config: Config) =>
  config.ELEVENLABS_API_KEY !== undefined || config.REPLICATE_API_TOKEN !== undefined;

const audioType = (contentType: string, url?: string): string => {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('audio/')) return type;
  if (url && /\.wav(\?|$)/i.test(url)) return 'audio/wav';
  return 'audio/mpeg';
};

async function elevenLabs(ctx: RunContext, prompt: string, seconds: number) {
  const { body, contentType } = await ctx.http.provider.bytes(joinUrl(ctx.config.ELEVENLABS_API_URL, 'v1/music'), {
    provider: LABEL,
    headers: { 'xi-api-key': ctx.config.ELEVENLABS_API_KEY as string },
    json: { prompt, music_length_ms: Math.round(seconds * 1000) },
    signal: ctx.signal,
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_TRACK_BYTES,
  });
  if (body.length === 0) throw new SkillError(`The ${LABEL} sent an empty track.`);
  return { bytes: body, mimeType: audioType(contentType) };
}

interface Prediction {
  id?: string;
  status?: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

async function replicate(ctx: RunContext, prompt: string, seconds: number) {
  const { REPLICATE_API_URL: base, REPLICATE_MUSIC_MODEL: model } = ctx.config;
  const headers = { authorization: `Bearer ${ctx.config.REPLICATE_API_TOKEN as string}` };
  const input = { prompt, duration: Math.round(seconds) };
  const [name, version] = model.split(':');
  const created = await ctx.http.provider.json<Prediction>(
    version ? joinUrl(base, 'v1/predictions') : joinUrl(base, `v1/models/${name}/predictions`),
    { provider: LABEL, headers, json: version ? { version, input } : { input }, signal: ctx.signal, timeoutMs: 60_000 },
  );
  let prediction = created.data;
  if (!prediction?.id) throw new SkillError(`The ${LABEL} did not start the track.`);
  // Polled on the configured host (never a url from the answer: the token must not travel elsewhere).
  const pollUrl = joinUrl(base, `v1/predictions/${encodeURIComponent(prediction.id)}`);
  let wait = 500;
  while (prediction.status !== 'succeeded' && prediction.status !== 'failed' && prediction.status !== 'canceled') {
    await sleep(wait, ctx.signal);
    wait = Math.min(wait * 2, 3000);
    prediction = (await ctx.http.provider.json<Prediction>(pollUrl, { provider: LABEL, headers, signal: ctx.signal }))
      .data ?? { status: 'failed' };
  }
  if (prediction.status !== 'succeeded') {
    const why = prediction.error ? String(prediction.error).slice(0, 200) : '';
    throw new SkillError(
      why ? `The ${LABEL} could not make this track: ${why}.` : `The ${LABEL} could not make this track.`,
    );
  }
  const url = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  if (typeof url !== 'string') throw new SkillError(`The ${LABEL} finished without a track.`);
  try {
    const res = await ctx.http.safe.request(url, { signal: ctx.signal, maxBytes: MAX_TRACK_BYTES, timeoutMs: 120_000 });
    if (res.status < 200 || res.status >= 300 || res.body.length === 0)
      throw new SkillError(`The ${LABEL}'s track could not be downloaded (HTTP ${res.status}).`);
    return { bytes: res.body, mimeType: audioType(res.contentType, url) };
  } catch (error) {
    if (error instanceof SafeHttpError)
      throw new SkillError(`The ${LABEL}'s track could not be downloaded: ${error.message}`);
    throw error;
  }
}

export const generateMusicSkill: SkillModule<'generate_music'> = {
  id: 'generate_music',
  available: musicAvailable,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'generate_music',
      label: LABEL,
      description:
        'Compose a piece of music from a description (genre, mood, instruments). `durationSeconds` is optional (default 30).',
      run: async ({ prompt, durationSeconds }, run) => {
        const seconds = Math.min(Math.max(durationSeconds ?? DEFAULT_SECONDS, 5), 300);
        const track = run.config.ELEVENLABS_API_KEY
          ? await elevenLabs(run, prompt, seconds)
          : await replicate(run, prompt, seconds);
        return run.files.saveAudio(track.bytes, track.mimeType);
      },
    }),
};

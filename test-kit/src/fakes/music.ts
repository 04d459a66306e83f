import { type FakeServer, sendJson, startFakeServer } from './http.js';

/**
 * Local fakes of the music providers:
 * - ElevenLabs Music: `POST /v1/music` (`xi-api-key`, JSON `{ prompt, music_length_ms }`) → the
 *   track's bytes as `audio/mpeg`.
 * - Replicate predictions: `POST /v1/predictions` (`{ version, input }`) or
 *   `POST /v1/models/{owner}/{name}/predictions` (`{ input }`) → `{ id, status: "starting", urls }`;
 *   `GET /v1/predictions/{id}` → "processing" for `pollsBeforeDone` polls, then "succeeded" with
 *   `output` = a url on this same fake serving the track, or "failed" with `error`.
 */

/** A few bytes that start like an MP3 (an ID3 tag and a frame sync), enough to store and serve. */
export const FAKE_TRACK = Buffer.concat([
  Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(2048, 0x55),
]);

export async function startFakeElevenLabs(): Promise<FakeServer> {
  return startFakeServer((request, res) => {
    if (request.method !== 'POST' || request.url.pathname !== '/v1/music')
      return sendJson(res, 404, { detail: { status: 'not_found', message: 'Not found' } });
    if (!request.headers['xi-api-key'])
      return sendJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (typeof request.body?.prompt !== 'string')
      return sendJson(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'field required' }] });
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(FAKE_TRACK.length) });
    res.end(FAKE_TRACK);
  });
}

export interface ReplicateOutcome {
  status: 'succeeded' | 'failed' | 'canceled';
  error?: string;
  /** "processing" answers before the end (default 1). */
  pollsBeforeDone?: number;
}

export interface FakeReplicate extends FakeServer {
  /** How the next predictions end (default: succeeded after one poll). */
  setOutcome: (outcome: ReplicateOutcome) => void;
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  let outcome: ReplicateOutcome = { status: 'succeeded' };
  const predictions = new Map<string, { polls: number; outcome: ReplicateOutcome }>();
  let next = 0;
  let base = '';
  const view = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    model: 'meta/musicgen',
    version: 'fakeversion',
    status,
    output: null,
    error: null,
    urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel` },
    ...extra,
  });
  const server = await startFakeServer((request, res) => {
    const path = request.url.pathname;
    if (request.headers.authorization !== undefined && !String(request.headers.authorization).startsWith('Bearer '))
      return sendJson(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token' });
    if (request.method === 'GET' && path === '/files/track.mp3') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(FAKE_TRACK);
      return;
    }
    if (!request.headers.authorization)
      return sendJson(res, 401, { title: 'Unauthenticated', detail: 'You did not pass an authentication token' });
    if (
      request.method === 'POST' &&
      (path === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(path))
    ) {
      if (typeof request.body?.input?.prompt !== 'string')
        return sendJson(res, 422, { title: 'Invalid input', detail: 'input.prompt is required' });
      const id = `pred${++next}`;
      predictions.set(id, { polls: 0, outcome });
      return sendJson(res, 201, view(id, 'starting'));
    }
    const poll = /^\/v1\/predictions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && poll) {
      const entry = predictions.get(poll[1] as string);
      if (!entry) return sendJson(res, 404, { title: 'Not found', detail: 'Prediction not found' });
      entry.polls++;
      if (entry.polls <= (entry.outcome.pollsBeforeDone ?? 1))
        return sendJson(res, 200, view(poll[1] as string, 'processing'));
      if (entry.outcome.status === 'succeeded')
        return sendJson(res, 200, view(poll[1] as string, 'succeeded', { output: `${base}/files/track.mp3` }));
      return sendJson(
        res,
        200,
        view(poll[1] as string, entry.outcome.status, { error: entry.outcome.error ?? 'The model crashed.' }),
      );
    }
    return sendJson(res, 404, { title: 'Not found', detail: `no route ${path}` });
  });
  base = server.url;
  return {
    ...server,
    setOutcome: (o) => {
      outcome = o;
    },
  };
}

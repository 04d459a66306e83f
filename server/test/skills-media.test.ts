import type { FakeServer } from '@neura/test-kit/fakes/http';
import { FAKE_TRACK, type FakeReplicate, startFakeElevenLabs, startFakeReplicate } from '@neura/test-kit/fakes/music';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { EDIT_COLOR, type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import { makeImage, makeMask, rgbaOf, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, doneFor, type Recorded, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

type Call = { id?: string; name: string; arguments: string };
const PRO = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** The image and music skills against local fakes of their providers (issue #11). */
describe('image and music skills', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let images: FakeImages;
  let replicate: FakeReplicate;
  let api: string;
  let museCost = 0;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [model, images, replicate] = await Promise.all([startFakeOpenAI(), startFakeImages(), startFakeReplicate()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      IMAGES_BASE_URL: images.baseUrl,
      IMAGES_API_KEY: 'sk-images',
      REPLICATE_API_TOKEN: 'r8_fake',
      REPLICATE_API_URL: replicate.url,
      REPLICATE_MUSIC_MODEL: 'meta/musicgen:fakeversion',
      OUTBOUND_ALLOW: replicate.hostPort,
    });
    api = `${t.url}${t.apiPrefix}`;
    museCost = (await t.drive.personas.exportRecords()).find((p) => p.id === 'studio-muse')?.cost ?? 0;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), images.close(), replicate.close()]);
  });

  async function session(user: TestUser): Promise<{ socket: TestSocket; events: Recorded[] }> {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await connected(socket);
    return { socket, events: record(socket) };
  }

  const sendWith = (socket: TestSocket, chatId: string, text: string, attachments?: string[]) =>
    new Promise<{ messageId?: string; error?: { message: string; code: string } }>((resolve) =>
      socket.emit('sendMessage', { chatId, text, ...(attachments ? { attachments } : {}) }, (r) =>
        resolve(r as { messageId?: string }),
      ),
    );

  /** One reply in a new chat of `persona` whose model calls `calls`, then says "Done.". */
  async function reply(user: TestUser, persona: string, calls: Call[], attachments?: string[]) {
    model.setScript(toolScript({ calls, after: ['Done.'] }));
    const chat = await t.seed.chat(user.id, persona);
    const { socket, events } = await session(user);
    const ack = await sendWith(socket, chat.id, 'please', attachments);
    expect(ack.messageId).toBeDefined();
    const done = await doneFor(events, chat.id);
    expect(done.event).toBe('message.done');
    return { message: done.payload.message, events, chat };
  }

  const fetchBytes = async (url: string) => {
    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
  };

  it('should list the skills with their availability and surcharge', async () => {
    const res = await fetch(`${api}/skills`);
    const list = (await res.json()) as Array<{ id: string; available: boolean; cost: number }>;
    const byId = Object.fromEntries(list.map((s) => [s.id, s]));
    expect(byId.generate_image).toEqual({ id: 'generate_image', available: true, cost: 4 });
    expect(byId.edit_image).toEqual({ id: 'edit_image', available: true, cost: 4 });
    expect(byId.edit_image_canvas).toEqual({ id: 'edit_image_canvas', available: true, cost: 4 });
    expect(byId.repair_image).toEqual({ id: 'repair_image', available: true, cost: 2 });
    expect(byId.rotate_image).toEqual({ id: 'rotate_image', available: true, cost: 0 });
    expect(byId.resize_image).toEqual({ id: 'resize_image', available: true, cost: 0 });
    expect(byId.generate_music).toEqual({ id: 'generate_music', available: true, cost: 8 });
  });

  it('should give the model the attached picture as an image part with its id note, and rotate 40×20 into 20×40', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { body: file } = await uploadFile(api, user.token, await makeImage(40, 20));
    const args = JSON.stringify({ imageId: file.id, degrees: 90 });
    const { message, events } = await reply(
      user,
      'studio-muse',
      [{ id: 'call_r', name: 'rotate_image', arguments: args }],
      [file.id],
    );
    // The user's message carries its attachment, in message.created as in history.
    const created = await waitFor(events, (r) => r.event === 'message.created' && r.payload.message.role === 'user');
    expect(created.payload.message.attachments).toEqual([
      { id: file.id, url: expect.any(String), mimeType: 'image/png', width: 40, height: 20 },
    ]);
    // What the model was sent: the text with the id note and the picture as an image part.
    const first = model.requests.find((r) => JSON.stringify(r.body.messages).includes(file.id));
    const userTurn = first?.body.messages.find((m: { role: string }) => m.role === 'user');
    expect(Array.isArray(userTurn.content)).toBe(true);
    expect(userTurn.content[0]).toEqual({ type: 'text', text: `please\n\n[Attached: image ${file.id} (40×20)]` });
    expect(userTurn.content[1].type).toBe('image_url');
    expect(userTurn.content[1].image_url.url).toMatch(/^data:image\/png;base64,/);

    expect(message.parts[0]).toMatchObject({ skill: 'rotate_image', status: 'complete' });
    const output = message.parts[0].output;
    expect(output).toEqual({
      fileId: expect.any(String),
      url: expect.any(String),
      width: 20,
      height: 40,
      mimeType: 'image/png',
    });
    const stored = await rgbaOf((await fetchBytes(output.url)).bytes);
    expect([stored.width, stored.height]).toEqual([20, 40]);
    expect(message.cost).toBe(museCost);

    // History shows the attachment too (never base64 anywhere in the stored message).
    const row = await t.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', created.payload.message.id)
      .executeTakeFirst();
    expect(row?.attachments).not.toMatch(/base64/);
    const history = await fetch(`${api}/users/me/chats/${created.payload.message.chatId}/messages?limit=10`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const list = (await history.json()) as Array<{ id: string; attachments?: unknown }>;
    expect(list.find((m) => m.id === created.payload.message.id)?.attachments).toEqual([
      { id: file.id, url: expect.any(String), mimeType: 'image/png', width: 40, height: 20 },
    ]);
  });

  it('should resize keeping the ratio when one side is given', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { body: file } = await uploadFile(api, user.token, await makeImage(40, 20, { format: 'jpeg' }));
    const args = JSON.stringify({ imageId: file.id, width: 10 });
    const { message } = await reply(user, 'studio-muse', [{ name: 'resize_image', arguments: args }], [file.id]);
    expect(message.parts[0].output).toMatchObject({ width: 10, height: 5, mimeType: 'image/jpeg' });
    const stored = await rgbaOf((await fetchBytes(message.parts[0].output.url)).bytes);
    expect([stored.width, stored.height]).toEqual([10, 5]);
  });

  it('should send the canvas edit as multipart with a PNG image and a PNG mask, and keep every unpainted pixel exact', async () => {
    const user = await t.seed.user({ credits: 50 });
    const original = await makeImage(40, 20, { left: [200, 30, 30], right: [20, 160, 60] });
    const { body: img } = await uploadFile(api, user.token, original);
    // The user painted the top-left quarter.
    const painted = (x: number, y: number) => x < 20 && y < 10;
    const { body: mask } = await uploadFile(api, user.token, await makeMask(40, 20, painted), { purpose: 'mask' });
    const args = JSON.stringify({ imageId: img.id, maskId: mask.id, prompt: 'a blue sky' });
    const before = images.requests.length;
    const { message } = await reply(
      user,
      'studio-muse',
      [{ name: 'edit_image_canvas', arguments: args }],
      [img.id, mask.id],
    );
    // The model read which mask belongs to which image, and saw the picture but not the mask.
    const first = model.requests.find((r) => JSON.stringify(r.body.messages).includes(mask.id));
    const userTurn = first?.body.messages.find((m: { role: string }) => m.role === 'user');
    expect(userTurn.content[0].text).toContain(
      `[Attached: image ${img.id} (40×20); mask ${mask.id} for image ${img.id}]`,
    );
    expect(userTurn.content.filter((p: { type: string }) => p.type === 'image_url')).toHaveLength(1);

    const edit = images.requests.slice(before).find((r) => r.kind === 'edits');
    expect(edit?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(edit?.headers.authorization).toBe('Bearer sk-images');
    expect(edit?.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'a blue sky', n: '1' });
    expect(edit?.files.image).toMatchObject({ type: 'image/png', filename: 'image.png' });
    expect(edit?.files.mask).toMatchObject({ type: 'image/png', filename: 'mask.png' });

    expect(message.parts[0]).toMatchObject({ skill: 'edit_image_canvas', status: 'complete' });
    expect(message.cost).toBe(museCost + 4);
    const result = await rgbaOf((await fetchBytes(message.parts[0].output.url)).bytes);
    const source = await rgbaOf(original);
    expect([result.width, result.height]).toEqual([40, 20]);
    let kept = 0;
    let changed = 0;
    for (let y = 0; y < 20; y++)
      for (let x = 0; x < 40; x++) {
        const at = (y * 40 + x) * 4;
        const got = [...result.data.subarray(at, at + 4)];
        if (painted(x, y)) {
          expect(got).toEqual([...EDIT_COLOR, 255]);
          changed++;
        } else {
          expect(got).toEqual([...source.data.subarray(at, at + 4)]);
          kept++;
        }
      }
    expect([kept, changed]).toEqual([600, 200]);
  });

  it("should answer another user's file as unknown in attachments and as a readable failed call in imageId, refunding the surcharge", async () => {
    const [owner, stranger] = await Promise.all([t.seed.user({ credits: 50 }), t.seed.user({ credits: 50 })]);
    const { body: theirs } = await uploadFile(api, owner.token, await makeImage(16, 16));
    const chat = await t.seed.chat(stranger.id, 'studio-muse');
    const { socket } = await session(stranger);
    const requestsBefore = model.requests.length;
    const ack = await sendWith(socket, chat.id, 'look', [theirs.id]);
    expect(ack).toMatchObject({ error: { code: 'not-found', message: 'That file was not found.' } });
    const unknown = await sendWith(socket, chat.id, 'look', ['no-such-file']);
    expect(unknown).toMatchObject({ error: { code: 'not-found', message: 'That file was not found.' } });
    expect(model.requests.length).toBe(requestsBefore);

    const args = JSON.stringify({ imageId: theirs.id, prompt: 'make it red' });
    const editsBefore = images.requests.length;
    const { message } = await reply(stranger, 'studio-muse', [{ id: 'call_x', name: 'edit_image', arguments: args }]);
    expect(message.parts[0]).toMatchObject({
      status: 'failed',
      output: {
        error: `There is no image with the id "${theirs.id}" in this conversation. Ask the user to attach the picture.`,
      },
    });
    expect(images.requests.length).toBe(editsBefore);
    expect(message.cost).toBe(museCost);
    const ledger = await t.read.ledger(stranger.id);
    expect(ledger.map((r) => r.idempotency_key)).toEqual([
      `charge:${message.id}`,
      `tool:${message.id}:call_x`,
      `refund:tool:${message.id}:call_x`,
    ]);
  });

  it('should generate a picture through /images/generations with b64_json', async () => {
    const user = await t.seed.user({ credits: 50 });
    const before = images.requests.length;
    const { message } = await reply(user, 'studio-muse', [
      { name: 'generate_image', arguments: JSON.stringify({ prompt: 'a lighthouse', size: '32x16' }) },
    ]);
    const request = images.requests.slice(before).find((r) => r.kind === 'generations');
    expect(request?.json).toEqual({ model: 'gpt-image-1', prompt: 'a lighthouse', n: 1, size: '32x16' });
    expect(message.parts[0].output).toMatchObject({ width: 32, height: 16, mimeType: 'image/png' });
    expect(message.cost).toBe(museCost + 4);
    expect((await fetchBytes(message.parts[0].output.url)).type).toBe('image/png');
  });

  it('should charge each surcharge exactly once when replies race for the last credits', async () => {
    const user = await t.seed.user({ credits: 3 * museCost + 2 * 4 });
    model.setScript(
      toolScript({ calls: [{ id: 'call_g', name: 'generate_image', arguments: '{"prompt":"x"}' }], after: ['Ok.'] }),
    );
    const chats = await Promise.all([0, 1, 2].map(() => t.seed.chat(user.id, 'studio-muse')));
    const { socket, events } = await session(user);
    const acks = await Promise.all(chats.map((c) => sendWith(socket, c.id, 'draw')));
    expect(acks.every((a) => a.messageId)).toBe(true);
    const done = await Promise.all(chats.map((c) => doneFor(events, c.id)));
    const statuses = done.map((d) => d.payload.message.parts[0].status).sort();
    expect(statuses).toEqual(['complete', 'complete', 'failed']);
    const failed = done.find((d) => d.payload.message.parts[0].status === 'failed');
    expect(failed?.payload.message.parts[0].output).toEqual({ error: 'Not enough credits for this skill.' });
    const ledger = await t.read.ledger(user.id);
    const tools = ledger.filter((r) => r.idempotency_key.startsWith('tool:'));
    expect(tools).toHaveLength(2);
    expect(new Set(tools.map((r) => r.idempotency_key)).size).toBe(2);
    expect((await t.read.user(user.id))?.credits).toBe(0);
  });

  it('should store a Replicate track, polling the prediction and downloading its output', async () => {
    replicate.setOutcome({ status: 'succeeded', pollsBeforeDone: 1 });
    const user = await t.seed.user({ credits: 50, proExpiry: PRO() });
    const before = replicate.requests.length;
    const { message } = await reply(user, 'dj-nova', [
      { name: 'generate_music', arguments: JSON.stringify({ prompt: 'lofi beat', durationSeconds: 12 }) },
    ]);
    const calls = replicate.requests.slice(before);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { version: 'fakeversion', input: { prompt: 'lofi beat', duration: 12 } },
    });
    expect(calls[0]?.headers.authorization).toBe('Bearer r8_fake');
    expect(calls.filter((r) => r.method === 'GET' && r.url.pathname.startsWith('/v1/predictions/')).length).toBe(2);
    expect(message.parts[0]).toMatchObject({ skill: 'generate_music', status: 'complete' });
    expect(message.parts[0].output).toEqual({
      fileId: expect.any(String),
      url: expect.any(String),
      mimeType: 'audio/mpeg',
    });
    const track = await fetchBytes(message.parts[0].output.url);
    expect(track.type).toBe('audio/mpeg');
    expect(track.bytes.equals(FAKE_TRACK)).toBe(true);
  });

  it('should refund the music surcharge exactly once when the prediction fails', async () => {
    replicate.setOutcome({ status: 'failed', error: 'CUDA out of memory', pollsBeforeDone: 0 });
    const user = await t.seed.user({ credits: 50, proExpiry: PRO() });
    const base = (await t.drive.personas.exportRecords()).find((p) => p.id === 'dj-nova')?.cost ?? 0;
    const { message } = await reply(user, 'dj-nova', [
      { id: 'call_m', name: 'generate_music', arguments: '{"prompt":"sad waltz"}' },
    ]);
    replicate.setOutcome({ status: 'succeeded' });
    expect(message.parts[0]).toMatchObject({
      status: 'failed',
      output: { error: 'The music service could not make this track: CUDA out of memory.' },
    });
    expect(message.cost).toBe(base);
    const ledger = await t.read.ledger(user.id);
    expect(ledger.map((r) => [r.idempotency_key, r.amount])).toEqual([
      [`charge:${message.id}`, -base],
      [`tool:${message.id}:call_m`, -8],
      [`refund:tool:${message.id}:call_m`, 8],
    ]);
    expect((await t.read.user(user.id))?.credits).toBe(50 - base);
  });
});

describe('music on ElevenLabs and the keyless picture tools', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let eleven: FakeServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [model, eleven] = await Promise.all([startFakeOpenAI(), startFakeElevenLabs()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      ELEVENLABS_API_KEY: 'xi-fake',
      ELEVENLABS_API_URL: eleven.url,
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), eleven.close()]);
  });

  async function reply(user: TestUser, persona: string, script: (r: never) => FakeScript, attachments?: string[]) {
    model.setScript(script as never);
    const chat = await t.seed.chat(user.id, persona);
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await connected(socket);
    const events = record(socket);
    await new Promise((resolve) =>
      socket.emit('sendMessage', { chatId: chat.id, text: 'go', ...(attachments ? { attachments } : {}) }, resolve),
    );
    return (await doneFor(events, chat.id)).payload.message;
  }

  it('should offer no provider image skills without IMAGES_*, but repair, rotate and resize', async () => {
    const list = (await (await fetch(`${t.url}${t.apiPrefix}/skills`)).json()) as Array<{
      id: string;
      available: boolean;
    }>;
    const available = new Set(list.filter((s) => s.available).map((s) => s.id));
    for (const id of ['generate_image', 'edit_image', 'edit_image_canvas']) expect(available.has(id)).toBe(false);
    for (const id of ['repair_image', 'rotate_image', 'resize_image', 'generate_music'])
      expect(available.has(id)).toBe(true);
  });

  it('should compose a track with ElevenLabs Music and store it', async () => {
    const user = await t.seed.user({ credits: 50, proExpiry: PRO() });
    const message = await reply(
      user,
      'dj-nova',
      toolScript({
        calls: [{ name: 'generate_music', arguments: '{"prompt":"surf rock","durationSeconds":20}' }],
        after: ['Ok'],
      }),
    );
    expect(eleven.requests.at(-1)).toMatchObject({
      method: 'POST',
      body: { prompt: 'surf rock', music_length_ms: 20_000 },
      headers: { 'xi-api-key': 'xi-fake' },
    });
    expect(message.parts[0].output.mimeType).toBe('audio/mpeg');
    const res = await fetch(`${t.url}${message.parts[0].output.url}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(FAKE_TRACK)).toBe(true);
  });

  it('should repair a picture locally (denoise, normalise, sharpen) when no image provider is set', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { body: file } = await uploadFile(
      `${t.url}${t.apiPrefix}`,
      user.token,
      await makeImage(30, 20, { left: [90, 90, 90], right: [120, 120, 120] }),
    );
    const message = await reply(
      user,
      'studio-muse',
      toolScript({ calls: [{ name: 'repair_image', arguments: JSON.stringify({ imageId: file.id }) }], after: ['Ok'] }),
      [file.id],
    );
    expect(message.parts[0]).toMatchObject({ status: 'complete', output: { width: 30, height: 20 } });
    const repaired = await rgbaOf(
      Buffer.from(await (await fetch(`${t.url}${message.parts[0].output.url}`)).arrayBuffer()),
    );
    // Normalised: the two greys are stretched apart.
    const left = repaired.data[0] as number;
    const right = repaired.data[(30 - 1) * 4] as number;
    expect(right - left).toBeGreaterThan(30);
  });
});

import type { CreatorOptions, CustomPersona, CustomPersonaList, Persona } from '@neura/contract';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, doneFor, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

describe('people’s own personas (issue #29)', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  const call = async <T = Record<string, unknown>>(
    method: Method,
    url: string,
    user: TestUser | null,
    body?: unknown,
    remoteAddress = '127.0.0.1',
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      remoteAddress,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : {}) as T, headers: res.headers };
  };
  /** Creates are rate limited per address (60 a minute): each user creates from an address of its own. */
  const create = (user: TestUser, body: Record<string, unknown>) =>
    call<CustomPersona>('POST', '/users/me/personas', user, body, addressOf(user));
  const addresses = new Map<string, string>();
  const addressOf = (user: TestUser) => {
    if (!addresses.has(user.id)) addresses.set(user.id, `198.51.100.${addresses.size + 1}`);
    return addresses.get(user.id) as string;
  };
  const base = { name: 'Quill', instructions: 'You are Quill. Answer only in haiku.', visibility: 'private' };
  const personaRow = (id: string) => t.db.selectFrom('personas').selectAll().where('id', '=', id).executeTakeFirst();
  const ownedCount = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('personas')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const createChat = (socket: TestSocket, persona: string) =>
    new Promise<{ id?: string; error?: { message: string; code: string } }>((resolve) =>
      socket.emit('createChat', persona, (r) =>
        resolve(r as { id?: string; error?: { message: string; code: string } }),
      ),
    );
  const upload = async (user: TestUser, id: string, bytes: Buffer, type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'avatar.png');
    const res = await fetch(`${t.url}/api/users/me/personas/${id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      CUSTOM_PERSONA_MODELS: 'llm:fake,llm:fake-large',
      CUSTOM_PERSONA_PRICES: '{"llm:fake-large":5}',
      CUSTOM_PERSONAS_PER_USER: '5',
      // The per-user limit is what these tests are about: the daily cap (L5) stays out of the way.
      CUSTOM_PERSONAS_CREATED_PER_DAY: '1000',
      CUSTOM_PERSONA_INSTRUCTIONS_MAX: '300',
    });
    admin = await t.seed.user();
    await t.seed.updateUser(admin.id, { role: 'admin' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  describe('create, list, edit, delete', () => {
    it('should create a persona (201 with its id), list it newest first with the limit, and price it by its model', async () => {
      const alice = await t.seed.user();
      const first = await create(alice, { ...base, greeting: 'Hello in seventeen syllables.', skills: ['read_url'] });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        id: expect.any(String),
        name: 'Quill',
        instructions: base.instructions,
        greeting: 'Hello in seventeen syllables.',
        includedSkills: ['read_url'],
        model: 'llm:fake',
        cost: 2,
        visibility: 'private',
        reviewState: null,
        custom: true,
        published: false,
        link: `/p/${first.body.id}`,
      });
      const second = await create(alice, {
        ...base,
        name: 'Big Quill',
        model: 'llm:fake-large',
        visibility: 'unlisted',
      });
      expect(second.body).toMatchObject({ model: 'llm:fake-large', cost: 5 });

      const list = await call<CustomPersonaList>('GET', '/users/me/personas', alice);
      expect(list.status).toBe(200);
      expect(list.body.limit).toBe(5);
      expect(list.body.items.map((p) => p.id)).toEqual([second.body.id, first.body.id]);
    });

    it('should answer the builder’s options: skills with availability and surcharge, models with prices, limits', async () => {
      const bob = await t.seed.user();
      await create(bob, base);
      const res = await call<CreatorOptions>('GET', '/users/me/personas/options', bob);
      expect(res.status).toBe(200);
      expect(res.body.models).toEqual([
        { id: 'llm:fake', label: 'fake', price: 2 },
        { id: 'llm:fake-large', label: 'fake-large', price: 5 },
      ]);
      expect(res.body).toMatchObject({ instructionsMax: 300, personasMax: 5, personasUsed: 1, avatarGenerateCost: 4 });
      expect(res.body.skills).toContainEqual({ skill: 'read_url', available: true, surcharge: 0 });
      expect(res.body.skills).toContainEqual({ skill: 'generate_image', available: false, surcharge: 4 });
    });

    it('should edit a persona and refuse another user’s edit and delete with 404', async () => {
      const alice = await t.seed.user();
      const mallory = await t.seed.user();
      const { body: persona } = await create(alice, base);
      const edited = await call<CustomPersona>('PATCH', `/users/me/personas/${persona.id}`, alice, {
        tagline: 'Seventeen syllables',
        suggestedPrompts: ['A haiku about rain'],
        model: 'llm:fake-large',
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        tagline: 'Seventeen syllables',
        suggestedPrompts: ['A haiku about rain'],
        cost: 5,
      });
      for (const [method, body] of [
        ['PATCH', { name: 'Stolen' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, `/users/me/personas/${persona.id}`, mallory, body);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not-found', message: 'That persona does not exist or is not yours.' });
      }
      expect((await personaRow(persona.id))?.name).toBe('Quill');
    });

    it('should delete softly: the chat stays readable, new messages get 409 with a plain message', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, base);
      const socket = await open(alice.token);
      const events = record(socket);
      const chat = await createChat(socket, persona.id);
      expect(chat.error).toBeUndefined();
      fake.setScript({ chunks: ['Old pond,', ' a frog.'] });
      await send(socket, chat.id as string, 'Hi');
      await doneFor(events, chat.id as string);

      const del = await call('DELETE', `/users/me/personas/${persona.id}`, alice);
      expect(del.status).toBe(200);
      expect((await personaRow(persona.id))?.deleted_at).not.toBeNull();
      expect((await call<CustomPersonaList>('GET', '/users/me/personas', alice)).body.items).toEqual([]);

      const history = await call<unknown[]>('GET', `/users/me/chats/${chat.id}/messages`, alice);
      expect(history.status).toBe(200);
      expect(history.body).toHaveLength(2);
      // The chat page shows its read-only note from the chat's status.
      const status = await call('GET', `/users/me/chats/${chat.id}/status`, alice);
      expect(status.body).toMatchObject({
        canSend: false,
        reason: { code: 'conflict', message: 'This persona was deleted by its creator.' },
      });
      const ack = await send(socket, chat.id as string, 'Still there?');
      expect(ack.error).toMatchObject({ code: 'conflict', message: 'This persona was deleted by its creator.' });
      const again = await createChat(socket, persona.id);
      expect(again.error).toMatchObject({ code: 'conflict', message: 'This persona was deleted by its creator.' });
      const profile = await call('GET', `/personas/${persona.id}/profile`, alice);
      expect(profile.status).toBe(404);
    });
  });

  describe('bad input gets a clear error and saves nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['an empty name', { ...base, name: '   ' }, 'Give your persona a name.'],
      ['no instructions', { ...base, instructions: '' }, 'Write the instructions your persona follows.'],
      [
        'instructions over the limit',
        { ...base, instructions: 'x'.repeat(301) },
        'Instructions must be at most 300 characters.',
      ],
      ['an unknown skill', { ...base, skills: ['teleport'] }, '"teleport" is not a skill this server knows.'],
      [
        'a skill the server cannot run',
        { ...base, skills: ['generate_image'] },
        'The skill "generate_image" is not available on this server.',
      ],
      [
        'an unknown model',
        { ...base, model: 'openai:gpt-9' },
        'The model "openai:gpt-9" is not offered here. Choose one of: llm:fake, llm:fake-large.',
      ],
      ['a bad visibility', { ...base, visibility: 'secret' }, 'visibility'],
      ['control characters', { ...base, name: 'Quill\u0007' }, 'name: Control characters are not allowed.'],
    ];
    for (const [what, body, message] of cases) {
      it(`should refuse ${what} with 400`, async () => {
        const user = await t.seed.user();
        const res = await create(user, body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'request:invalid' });
        expect((res.body as unknown as { message: string }).message).toContain(message);
        expect(await ownedCount(user.id)).toBe(0);
      });
    }

    it('should take instructions at the limit in a multibyte script', async () => {
      const user = await t.seed.user();
      const instructions = '説'.repeat(300);
      const res = await create(user, { ...base, instructions, description: '説'.repeat(500) });
      expect(res.status).toBe(201);
      expect((await personaRow(res.body.id))?.system_prompt).toBe(instructions);
    });

    it('should refuse a bad edit and leave the persona as it was', async () => {
      const user = await t.seed.user();
      const { body: persona } = await create(user, base);
      for (const patch of [
        { name: '' },
        { instructions: 'y'.repeat(301) },
        { skills: ['teleport'] },
        { model: 'x:y' },
      ]) {
        const res = await call('PATCH', `/users/me/personas/${persona.id}`, user, patch);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'request:invalid' });
      }
      const row = await personaRow(persona.id);
      expect(row).toMatchObject({
        name: 'Quill',
        system_prompt: base.instructions,
        model: 'llm:fake',
        included_skills: '[]',
      });
    });

    it('should hold the per-user limit under a burst: 20 parallel creates at limit − 1 make exactly one', async () => {
      const user = await t.seed.user();
      for (let i = 0; i < 4; i++) expect((await create(user, { ...base, name: `Quill ${i}` })).status).toBe(201);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(user, { ...base, name: `Burst ${i}` })),
      );
      const made = burst.filter((r) => r.status === 201);
      const refused = burst.filter((r) => r.status === 400);
      expect(made).toHaveLength(1);
      expect(refused).toHaveLength(19);
      expect(refused[0]?.body).toMatchObject({
        code: 'request:invalid',
        message: 'You can have at most 5 personas. Delete one before you create another.',
      });
      expect(await ownedCount(user.id)).toBe(5);
      // A deleted persona frees its place.
      const [oldest] = (await call<CustomPersonaList>('GET', '/users/me/personas', user)).body.items;
      await call('DELETE', `/users/me/personas/${oldest?.id}`, user);
      expect((await create(user, base)).status).toBe(201);
    });
  });

  describe('who may use a persona', () => {
    it('should send the model exactly the creator’s instructions as the system prompt', async () => {
      const alice = await t.seed.user();
      const instructions = 'You are Quill.\nAnswer only in haiku, about the sea.';
      const { body: persona } = await create(alice, { ...base, instructions, greeting: 'Waves.' });
      // Memory off: its section would follow the instructions (memory.test.ts).
      const off = { enabled: false };
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/memory',
        headers: { authorization: `Bearer ${alice.token}` },
        payload: off,
      });
      const socket = await open(alice.token);
      const events = record(socket);
      const chat = await createChat(socket, persona.id);
      fake.setScript({ chunks: ['Salt wind'] });
      const before = fake.requests.length;
      await send(socket, chat.id as string, 'Write one');
      await doneFor(events, chat.id as string);
      const request = fake.requests.slice(before).find((r) => r.body.stream === true);
      expect(request?.body.messages[0]).toEqual({ role: 'system', content: instructions });
      expect(request?.body.model).toBe('fake');
      // Charged the persona's price.
      const reply = await waitFor(events, (r) => r.event === 'message.done');
      expect(reply.payload.message.cost).toBe(2);
    });

    it('should let anyone signed in use an unlisted persona, and refuse a private one with the not-found of a missing persona', async () => {
      const alice = await t.seed.user();
      const bob = await t.seed.user();
      const { body: unlisted } = await create(alice, { ...base, visibility: 'unlisted' });
      const { body: secret } = await create(alice, base);
      const bobSocket = await open(bob.token);
      const ok = await createChat(bobSocket, unlisted.id);
      expect(ok.error).toBeUndefined();
      const profile = await call<Persona>('GET', `/personas/${unlisted.id}/profile`, bob);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ id: unlisted.id, name: 'Quill', custom: true, visibility: 'unlisted' });
      expect(profile.body).not.toHaveProperty('instructions');
      // Its generated art is served (an <img> has no token); a private one's is not.
      expect((await t.app.inject({ method: 'GET', url: `/api/personas/${unlisted.id}/icon.svg` })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/personas/${secret.id}/icon.svg` })).statusCode).toBe(404);
      expect(JSON.stringify(profile.body)).not.toContain(base.instructions);

      const missing = await createChat(bobSocket, 'no-such-persona');
      const refused = await createChat(bobSocket, secret.id);
      expect({ ...refused.error, requestId: undefined }).toEqual({ ...missing.error, requestId: undefined });
      expect(refused.error).toMatchObject({ code: 'not-found', message: 'That persona is not available.' });
      expect((await call('GET', `/personas/${secret.id}/profile`, bob)).status).toBe(404);
      expect((await call('GET', `/personas/${unlisted.id}/profile`, null)).status).toBe(404);

      // Made private later: bob's chat refuses new messages the same way.
      await call('PATCH', `/users/me/personas/${unlisted.id}`, alice, { visibility: 'private' });
      const ack = await send(bobSocket, ok.id as string, 'Hello?');
      expect(ack.error).toMatchObject({ code: 'not-found', message: 'That persona is not available.' });
    });
  });

  describe('review, catalog and reports', () => {
    const catalog = async () => (await call<Persona[]>('GET', '/personas', null)).body;

    it('should list a public persona only after an operator approves it, and push the catalog change', async () => {
      const alice = await t.seed.user();
      const watcher = await open(alice.token);
      const events = record(watcher);
      const { body: persona } = await create(alice, { ...base, visibility: 'public', description: 'Haiku only.' });
      expect(persona.reviewState).toBe('pending');
      expect((await catalog()).map((p) => p.id)).not.toContain(persona.id);

      const queue = await call<{ items: Array<{ persona: CustomPersona; owner: { email: string } }> }>(
        'GET',
        '/admin/persona-reviews',
        admin,
      );
      expect(queue.status).toBe(200);
      expect(queue.body.items.find((i) => i.persona.id === persona.id)?.owner.email).toBe(alice.email);
      expect((await call('GET', '/admin/persona-reviews', alice)).status).toBe(403);
      expect((await call('POST', `/admin/persona-reviews/${persona.id}/approve`, alice)).status).toBe(403);

      const approved = await call<CustomPersona>('POST', `/admin/persona-reviews/${persona.id}/approve`, admin);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ reviewState: 'approved', published: true });
      await waitFor(events, (r) => r.event === 'personas.changed');
      const listed = (await catalog()).find((p) => p.id === persona.id);
      expect(listed).toMatchObject({ custom: true, name: 'Quill' });
      expect(JSON.stringify(listed)).not.toContain(base.instructions);
      const audit = await t.read.audit(20);
      expect(audit.find((a) => a.action === 'persona.approve' && a.target === persona.id)?.actor).toBe(admin.email);

      // Editing what people read sends it back to review (and out of the catalog).
      const edited = await call<CustomPersona>('PATCH', `/users/me/personas/${persona.id}`, alice, {
        instructions: 'Now in limericks.',
      });
      expect(edited.body).toMatchObject({ reviewState: 'pending', published: false });
      expect((await catalog()).map((p) => p.id)).not.toContain(persona.id);

      // Approved again, then unlisted by the operator: out of the catalog, the link still works.
      await call('POST', `/admin/persona-reviews/${persona.id}/approve`, admin);
      const unlisted = await call<CustomPersona>('POST', `/admin/personas/${persona.id}/unlist`, admin);
      expect(unlisted.body).toMatchObject({ visibility: 'unlisted', reviewState: null, published: false });
      expect((await catalog()).map((p) => p.id)).not.toContain(persona.id);
      expect((await t.read.audit(20)).some((a) => a.action === 'persona.unlist')).toBe(true);
    });

    it('should keep people’s personas out of the operator’s catalog tools (console list, export)', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, { ...base, visibility: 'public' });
      await call('POST', `/admin/persona-reviews/${persona.id}/approve`, admin);
      const consoleList = await call<{ items: Array<{ id: string }> }>('GET', '/admin/personas', admin);
      expect(consoleList.status).toBe(200);
      expect(JSON.stringify(consoleList.body)).not.toContain(persona.id);
      expect((await t.drive.personas.exportRecords()).map((p) => p.id)).not.toContain(persona.id);
      await call('POST', `/admin/personas/${persona.id}/unlist`, admin);
    });

    it('should refuse the catalog’s publish, edit, create and avatar routes on someone’s own persona, changing nothing', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, { ...base, visibility: 'unlisted' });
      const before = await personaRow(persona.id);
      const publish = await call('POST', `/admin/personas/${persona.id}/published`, admin, { published: true });
      expect(publish.status).toBe(404);
      const record = { ...persona, systemPrompt: 'Taken over.', model: null };
      expect((await call('PUT', `/admin/personas/${persona.id}`, admin, record)).status).toBe(404);
      expect((await call('POST', '/admin/personas', admin, record)).status).toBe(409);
      expect((await call('DELETE', `/admin/personas/${persona.id}/avatar`, admin)).status).toBe(404);
      expect(await personaRow(persona.id)).toEqual(before);
      // Not listed: only the review queue lists people's personas.
      const listed = await call<Array<{ id: string }>>('GET', '/personas', alice);
      expect(JSON.stringify(listed.body)).not.toContain(persona.id);
    });

    it('should follow visibility: private → public asks for review, public → private leaves it', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, base);
      const listedNow = await call<CustomPersona>('PATCH', `/users/me/personas/${persona.id}`, alice, {
        visibility: 'public',
      });
      expect(listedNow.body).toMatchObject({ visibility: 'public', reviewState: 'pending', published: false });
      await call('POST', `/admin/persona-reviews/${persona.id}/reject`, admin);
      // A rejected one goes back to review when its texts change.
      const resubmitted = await call<CustomPersona>('PATCH', `/users/me/personas/${persona.id}`, alice, {
        description: 'Better now.',
      });
      expect(resubmitted.body).toMatchObject({ reviewState: 'pending' });
      // Changing only the skills or the model of an approved one keeps it listed.
      await call('POST', `/admin/persona-reviews/${persona.id}/approve`, admin);
      const reModel = await call<CustomPersona>('PATCH', `/users/me/personas/${persona.id}`, alice, {
        model: 'llm:fake-large',
      });
      expect(reModel.body).toMatchObject({ reviewState: 'approved', published: true, cost: 5 });
      const hidden = await call<CustomPersona>('PATCH', `/users/me/personas/${persona.id}`, alice, {
        visibility: 'private',
      });
      expect(hidden.body).toMatchObject({ visibility: 'private', reviewState: null, published: false });
      expect((await catalog()).map((p) => p.id)).not.toContain(persona.id);
    });

    it('should reject a persona: not listed, and deciding twice is a 409', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, { ...base, visibility: 'public' });
      const rejected = await call<CustomPersona>('POST', `/admin/persona-reviews/${persona.id}/reject`, admin, {
        note: 'Too short.',
      });
      expect(rejected.body).toMatchObject({ reviewState: 'rejected', published: false });
      const again = await call('POST', `/admin/persona-reviews/${persona.id}/approve`, admin);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', message: 'That persona is not waiting for review.' });
    });

    it('should take a report of a public persona into the feedback inbox, and refuse others', async () => {
      const alice = await t.seed.user();
      const bob = await t.seed.user();
      const { body: persona } = await create(alice, { ...base, visibility: 'public' });
      const res = await call('POST', `/personas/${persona.id}/report`, bob, { reason: 'It insults people.' });
      expect(res.status).toBe(201);
      const row = await t.db
        .selectFrom('feedback')
        .selectAll()
        .where('about', '=', `persona:${persona.id}`)
        .executeTakeFirst();
      expect(row).toMatchObject({ type: 'persona-report', user_id: bob.id, message: 'It insults people.' });

      const empty = await call('POST', `/personas/${persona.id}/report`, bob, { reason: ' ' });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        code: 'request:invalid',
        message: 'reason: Tell us what is wrong with this persona.',
      });
      const { body: secret } = await create(alice, base);
      expect((await call('POST', `/personas/${secret.id}/report`, bob, { reason: 'x' })).status).toBe(404);
      const { body: unlisted } = await create(alice, { ...base, visibility: 'unlisted' });
      const notPublic = await call('POST', `/personas/${unlisted.id}/report`, bob, { reason: 'x' });
      expect(notPublic.body).toMatchObject({
        code: 'request:invalid',
        message: 'Only public personas can be reported.',
      });
      const count = await t.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'persona-report')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  it('should limit creates per address: the 61st in a minute is a 429, saving nothing', async () => {
    const users = await Promise.all(Array.from({ length: 13 }, () => t.seed.user()));
    const answers = [];
    for (const [i, user] of users.entries())
      for (let j = 0; j < 5 && answers.length < 61; j++)
        answers.push(await call('POST', '/users/me/personas', user, { ...base, name: `R${i}-${j}` }, '203.0.113.61'));
    expect(answers.slice(0, 60).every((a) => a.status === 201)).toBe(true);
    expect(answers[60]?.status).toBe(429);
    expect(await ownedCount(users[12]?.id as string)).toBe(0);
  });

  it('should limit reports per address: the eleventh in an hour is a 429', async () => {
    const alice = await t.seed.user();
    // Eleven reporters from one address (each account may have one open report of a persona).
    const reporters = await Promise.all(Array.from({ length: 11 }, () => t.seed.user()));
    const { body: persona } = await create(alice, { ...base, visibility: 'public' });
    const report = (reporter: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/personas/${persona.id}/report`,
        headers: { authorization: `Bearer ${reporter.token}` },
        payload: { reason: 'Spam.' },
        remoteAddress: '203.0.113.29',
      });
    for (const reporter of reporters.slice(0, 10)) expect((await report(reporter)).statusCode).toBe(201);
    const limited = await report(reporters[10] as TestUser);
    expect(limited.statusCode).toBe(429);
    const stored = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('about', '=', `persona:${persona.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
  });

  describe('prices', () => {
    it('should let an admin set a model’s price: personas on it are re-priced, the change is audited', async () => {
      const alice = await t.seed.user();
      const { body: small } = await create(alice, base);
      const { body: large } = await create(alice, { ...base, model: 'llm:fake-large' });
      const before = await call<{ items: Array<{ model: string; price: number; source: string }> }>(
        'GET',
        '/admin/custom-persona-prices',
        admin,
      );
      expect(before.body.items).toContainEqual({ model: 'llm:fake-large', price: 5, source: 'config' });
      expect(before.body.items).toContainEqual({ model: 'llm:fake', price: 2, source: 'default' });

      const put = await call('PUT', '/admin/custom-persona-prices', admin, { model: 'llm:fake', price: 3 });
      expect(put.status).toBe(200);
      expect((await personaRow(small.id))?.cost).toBe(3);
      expect((await personaRow(large.id))?.cost).toBe(5);
      const options = await call<CreatorOptions>('GET', '/users/me/personas/options', alice);
      expect(options.body.models[0]).toEqual({ id: 'llm:fake', label: 'fake', price: 3 });
      expect((await t.read.audit(20)).find((a) => a.action === 'custom-persona.price')).toMatchObject({
        target: 'llm:fake',
        before: { price: 2 },
        after: { price: 3 },
      });

      const unknown = await call('PUT', '/admin/custom-persona-prices', admin, { model: 'openai:gpt-9', price: 1 });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 'request:invalid' });
      expect((await call('PUT', '/admin/custom-persona-prices', alice, { model: 'llm:fake', price: 0 })).status).toBe(
        403,
      );
      expect((await personaRow(small.id))?.cost).toBe(3);
      await call('PUT', '/admin/custom-persona-prices', admin, { model: 'llm:fake', price: 2 });
    });
  });

  describe('avatars', () => {
    it('should take an uploaded picture, store it as a square PNG and serve it at its address', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, base);
      const res = await upload(alice, persona.id, await makeImage(40, 20, { format: 'jpeg' }), 'image/jpeg');
      expect(res.status).toBe(200);
      const url = res.body.avatarUrl as string;
      expect(url).toMatch(new RegExp(`^/api/personas/${persona.id}/custom-avatar/[0-9a-f]{32}$`));
      // A private persona's avatar: its maker's (issue #40, L2; server/test/security/persona-avatar-visibility.test.ts).
      const served = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${alice.token}` } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(
        (await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{32}$/, '0'.repeat(32)) })).statusCode,
      ).toBe(404);
    });

    it('should refuse a file that is not a picture (400) or too large (413), and save nothing', async () => {
      const alice = await t.seed.user();
      const { body: persona } = await create(alice, base);
      const text = await upload(alice, persona.id, Buffer.from('this is not a picture'), 'image/png');
      expect(text.status).toBe(400);
      expect(text.body).toMatchObject({
        code: 'file:invalid',
        message: 'The file is not a picture this app takes. Upload a PNG, JPEG, WebP or GIF image.',
      });
      const big = await upload(alice, persona.id, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'image/png');
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ code: 'file:too-large', message: 'The picture is larger than 5 MB.' });
      expect((await personaRow(persona.id))?.avatar).toBeNull();
      const mallory = await t.seed.user();
      const foreign = await upload(mallory, persona.id, await makeImage(8, 8));
      expect(foreign.status).toBe(404);
      expect((await personaRow(persona.id))?.avatar).toBeNull();
    });

    it('should refuse to generate an avatar when the server has no images provider, charging nothing', async () => {
      const alice = await t.seed.user({ credits: 10 });
      const { body: persona } = await create(alice, base);
      const res = await call('POST', `/users/me/personas/${persona.id}/avatar/generate`, alice, {});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'request:invalid',
        message: 'Generating pictures is not available on this server.',
      });
      expect((await t.read.user(alice.id))?.credits).toBe(10);
    });
  });
});

describe('generated avatars (the image skill’s provider, paid as that skill)', () => {
  let t: TestApp;
  let images: FakeImages;

  const call = async (url: string, user: TestUser, body: unknown = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: body as Record<string, unknown>,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const credits = async (id: string) => (await t.read.user(id))?.credits;
  const makePersona = async (user: TestUser) =>
    (await call('/users/me/personas', user, { name: 'Painter', instructions: 'Paint.', visibility: 'private' }))
      .body as unknown as CustomPersona;

  beforeAll(async () => {
    images = await startFakeImages();
    t = await startTestApp({ IMAGES_BASE_URL: images.baseUrl, IMAGES_API_KEY: 'sk-images' });
  });
  afterAll(async () => {
    await t.stop();
    await images.close();
  });

  it('should generate an avatar, charge the generate_image surcharge once, and store a square PNG', async () => {
    const user = await t.seed.user({ credits: 10 });
    const persona = await makePersona(user);
    images.fail(undefined);
    const res = await call(`/users/me/personas/${persona.id}/avatar/generate`, user, { prompt: 'a fox with a brush' });
    expect(res.status).toBe(200);
    expect(images.requests.at(-1)?.json).toMatchObject({ prompt: 'a fox with a brush' });
    expect(await credits(user.id)).toBe(6);
    const ledger = await t.read.ledger(user.id);
    expect(ledger.map((r) => [r.amount, r.reason])).toEqual([[-4, 'skill:generate_image:avatar']]);
    expect(ledger[0]?.idempotency_key).toMatch(new RegExp(`^avatar:${persona.id}:`));
    const served = await t.app.inject({
      method: 'GET',
      url: res.body.avatarUrl as string,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('should refund the charge when the provider fails, and keep the avatar as it was', async () => {
    const user = await t.seed.user({ credits: 10 });
    const persona = await makePersona(user);
    images.fail({ status: 500 });
    const res = await call(`/users/me/personas/${persona.id}/avatar/generate`, user);
    images.fail(undefined);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'skill:failed' });
    expect(String(res.body.message)).toMatch(/^The avatar could not be generated: .* Your credits were refunded\.$/);
    expect(await credits(user.id)).toBe(10);
    const ledger = await t.read.ledger(user.id);
    expect(ledger.map((r) => [r.amount, r.reason])).toEqual([
      [-4, 'skill:generate_image:avatar'],
      [4, 'refund:skill:generate_image:avatar'],
    ]);
    const row = await t.db.selectFrom('personas').select('avatar').where('id', '=', persona.id).executeTakeFirst();
    expect(row?.avatar).toBeNull();
  });

  it('should refuse without enough credits, calling no provider', async () => {
    const user = await t.seed.user({ credits: 3 });
    const persona = await makePersona(user);
    const before = images.requests.length;
    const res = await call(`/users/me/personas/${persona.id}/avatar/generate`, user);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      code: 'credits:insufficient',
      message: 'Not enough credits to generate an avatar.',
    });
    expect(images.requests.length).toBe(before);
    expect(await credits(user.id)).toBe(3);
  });
});

describe('a creator who deletes their account', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['ok'] });
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('should take their personas: unused ones go, ones in others’ chats stay without a trace of them (409 on send)', async () => {
    const creator = await t.seed.user();
    const friend = await t.seed.user();
    const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
    const make = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/me/personas',
          headers: auth(creator),
          payload: { name, instructions: `${name} secret instructions`, visibility: 'unlisted' },
        })
      ).json() as CustomPersona;
    const unused = await make('Lonely');
    const shared = await make('Shared');
    const socket = connectSocket(t.url, friend.token);
    sockets.push(socket);
    await connected(socket);
    const chat = await new Promise<{ id?: string }>((resolve) =>
      socket.emit('createChat', shared.id, (r) => resolve(r as { id?: string })),
    );
    expect(chat.id).toBeDefined();

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: auth(creator),
      payload: { password: creator.password },
    });
    expect(gone.statusCode).toBe(200);
    const rows = await t.db.selectFrom('personas').selectAll().where('id', 'in', [unused.id, shared.id]).execute();
    expect(rows.map((r) => r.id)).toEqual([shared.id]);
    expect(rows[0]).toMatchObject({ name: 'Deleted persona', system_prompt: '', published: 0 });
    expect(rows[0]?.deleted_at).not.toBeNull();
    expect(JSON.stringify(rows)).not.toContain(creator.id);
    expect(JSON.stringify(rows)).not.toContain('secret instructions');

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${chat.id}/messages`,
      headers: auth(friend),
    });
    expect(history.statusCode).toBe(200);
    const ack = await send(socket, chat.id as string, 'Hello?');
    expect(ack.error).toMatchObject({ code: 'conflict', message: 'This persona was deleted by its creator.' });
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/personas/${shared.id}/profile`,
      headers: auth(friend),
    });
    expect(profile.statusCode).toBe(404);
  });
});

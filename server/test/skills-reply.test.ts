import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeServer } from '@neura/test-kit/fakes/http';
import { startFakeOpenMeteo } from '@neura/test-kit/fakes/open-meteo';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { startFakeRdap } from '@neura/test-kit/fakes/rdap';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { startFakeYelp } from '@neura/test-kit/fakes/yelp';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connected, deltasOf, doneFor, type Recorded, record, send, stop, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** The skill engine through the real reply path: a fake model streaming tool_calls, real skills, provider fakes. */
describe('skills in replies', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let searxng: FakeServer;
  let meteo: FakeServer;
  let yelp: FakeServer;
  let rdap: FakeServer;
  let trap: http.Server;
  let trapHits = 0;
  const sockets: TestSocket[] = [];

  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const toolEvents = (events: Recorded[]) =>
    events.filter((r) => r.event === 'message.tool').map((r) => r.payload.call);
  const history = async (token: string, chatId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/users/me/chats/${chatId}/messages`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();

  /** A signed-in user with a chat with the persona, and a connected socket recording events. */
  async function setup(persona: string) {
    // Pro, so Pro personas (wanderer) can be used too.
    const user = await t.seed.user({
      credits: 50,
      proExpiry: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const chat = await t.seed.chat(user.id, persona);
    const socket = await open(user.token);
    return { user, chat, socket, events: record(socket) };
  }

  beforeAll(async () => {
    [model, searxng, meteo, yelp, rdap] = await Promise.all([
      startFakeOpenAI(),
      startFakeSearxng(),
      startFakeOpenMeteo(),
      startFakeYelp(),
      startFakeRdap(),
    ]);
    trap = http.createServer((_req, res) => {
      trapHits++;
      res.end('secret');
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      SEARXNG_URL: searxng.url,
      OPEN_METEO_URL: `${meteo.url}/v1`,
      OPEN_METEO_GEOCODING_URL: `${meteo.url}/v1`,
      YELP_API_KEY: 'yelp-key',
      YELP_API_URL: `${yelp.url}/v3`,
      RDAP_BOOTSTRAP_URL: `${rdap.url}/rdap/dns.json`,
      OUTBOUND_ALLOW: rdap.hostPort,
      SKILL_TIMEOUT_MS: '3000',
    });
  });
  beforeEach(() => {
    model.setScript({});
    for (const fake of [searxng, meteo, yelp, rdap]) fake.fail(undefined);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), searxng.close(), meteo.close(), yelp.close(), rdap.close()]);
    trap.closeAllConnections();
    await new Promise<void>((r) => trap.close(() => r()));
  });

  it('should list every skill with its availability and surcharge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/skills' });
    expect(res.statusCode).toBe(200);
    const skills = res.json() as Array<{ id: string; available: boolean; cost: number }>;
    expect(skills).toHaveLength(13);
    const byId = Object.fromEntries(skills.map((s) => [s.id, s]));
    expect(byId.web_search).toEqual({ id: 'web_search', available: true, cost: 0 });
    expect(byId.yelp_business_search?.available).toBe(true);
    expect(byId.check_domain?.available).toBe(true);
    expect(byId.generate_image).toEqual({ id: 'generate_image', available: false, cost: 4 });
  });

  it("should offer exactly the persona's skills that are available", async () => {
    const offered = async (persona: string) => {
      const { user, chat, socket, events } = await setup(persona);
      // Memory off: its two tools (remember, forget) are offered besides skills (memory.test.ts).
      const headers = { authorization: `Bearer ${user.token}` };
      await t.app.inject({ method: 'PUT', url: '/api/users/me/memory', headers, payload: { enabled: false } });
      model.setScript({ chunks: ['Hi'] });
      await send(socket, chat.id, 'hello');
      await doneFor(events, chat.id);
      const request = model.requests.filter((r) => r.body.stream === true).at(-1);
      return ((request?.body.tools ?? []) as Array<{ function: { name: string } }>)
        .map((tool) => tool.function.name)
        .sort();
    };
    expect(await offered('wanderer')).toEqual(['forecast_weather', 'read_url', 'web_search', 'yelp_business_search']);
    // generate_music has no provider here: only video_search is offered.
    expect(await offered('dj-nova')).toEqual(['video_search']);
    expect(await offered('kind-listener')).toEqual([]);
  });

  it('should stream text, run the tool, stream more text and keep the ordered parts in history', async () => {
    const { user, chat, socket, events } = await setup('scout');
    model.setScript(
      toolScript({
        before: ['Let me ', 'look that up.'],
        calls: [{ id: 'call_search', name: 'web_search', arguments: JSON.stringify({ query: 'neura skills' }) }],
        after: (results) => [`Found: ${JSON.parse(results.get('call_search') ?? '{}').results?.[0]?.title}`],
      }),
    );
    await send(socket, chat.id, 'Search for neura skills');
    const done = await doneFor(events, chat.id);
    expect(done.event).toBe('message.done');

    const calls = toolEvents(events);
    expect(calls.map((c) => c.status)).toEqual(['running', 'complete']);
    expect(calls[0]).toEqual({
      id: 'call_search',
      skill: 'web_search',
      status: 'running',
      input: { query: 'neura skills' },
    });
    const results = calls[1].output.results as Array<{ title: string; url: string; snippet: string }>;
    expect(results).toHaveLength(8);
    expect(results[0]).toEqual({
      title: 'Result 1 for neura skills',
      url: 'https://example.org/neura%20skills/1',
      snippet: 'Snippet 1 about neura skills & more',
    });
    expect(searxng.requests.at(-1)?.url.searchParams.get('format')).toBe('json');

    const message = done.payload.message;
    expect(message.content).toBe('Let me look that up.\n\nFound: Result 1 for neura skills');
    expect(deltasOf(events, message.id)).toBe(message.content);
    expect(message.parts.map((p: { type: string }) => p.type)).toEqual(['text', 'tool', 'text']);
    expect(message.parts[1]).toMatchObject({
      type: 'tool',
      id: 'call_search',
      skill: 'web_search',
      status: 'complete',
    });
    // The running event came before the text after the call.
    const order = events.map((r) => r.event);
    expect(order.indexOf('message.tool')).toBeLessThan(order.lastIndexOf('message.delta'));

    const stored = await history(user.token, chat.id);
    expect(stored.at(-1).parts).toEqual(message.parts);
  });

  it('should ask the device for its location when the weather has no place', async () => {
    const { user, chat, socket, events } = await setup('sky-watcher');
    const asked: unknown[] = [];
    socket.on('requestData', (payload, ack) => {
      asked.push(payload);
      ack({
        latitude: 52.52,
        longitude: 13.41,
        city: 'Berlin',
        state: 'Berlin',
        country: 'Germany',
        timezone: 'Europe/Berlin',
      });
    });
    model.setScript(
      toolScript({ calls: [{ name: 'forecast_weather', arguments: '{}' }], after: ['Chilly, take a coat.'] }),
    );
    await send(socket, chat.id, "What's the weather?");
    const done = await doneFor(events, chat.id);
    expect(asked).toEqual([{ datapoint: 'location' }]);
    const complete = toolEvents(events).find((c) => c.status === 'complete');
    expect(complete.output.location).toEqual({ name: 'Berlin, Berlin, Germany', latitude: 52.52, longitude: 13.41 });
    expect(complete.output.current).toMatchObject({ temperature: 7.1, weatherCode: 3, isDay: true });
    expect(complete.output.daily).toHaveLength(3);
    expect(complete.output.units.temperature).toBe('°C');
    const forecastRequest = meteo.requests.at(-1);
    expect(forecastRequest?.url.searchParams.get('latitude')).toBe('52.52');
    expect(done.payload.message.status).toBe('complete');
    expect((await history(user.token, chat.id)).at(-1).parts[0]).toMatchObject({
      skill: 'forecast_weather',
      status: 'complete',
    });
  });

  it('should tell the model the location is unavailable when the device refuses or never answers', async () => {
    const refusing = await setup('sky-watcher');
    refusing.socket.on('requestData', (_payload, ack) => ack({ error: 'User denied Geolocation' }));
    model.setScript(
      toolScript({ calls: [{ id: 'c1', name: 'forecast_weather', arguments: '{"days":2}' }], after: ['Which city?'] }),
    );
    await send(refusing.socket, refusing.chat.id, 'Weather?');
    const done = await doneFor(refusing.events, refusing.chat.id);
    expect(done.payload.message).toMatchObject({ status: 'complete', content: 'Which city?' });
    const failed = toolEvents(refusing.events).find((c) => c.status === 'failed');
    expect(failed.output.error).toContain('location is unavailable (User denied Geolocation)');
    const told = model.requests
      .filter((r) => r.body.stream === true)
      .at(-1)
      ?.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(told.content).toContain('location is unavailable');

    // A device that never acknowledges: the wait ends and the reply still completes.
    const silent = await setup('sky-watcher');
    await send(silent.socket, silent.chat.id, 'Weather?');
    const silentDone = await doneFor(silent.events, silent.chat.id);
    expect(silentDone.payload.message.status).toBe('complete');
    expect(toolEvents(silent.events).at(-1)).toMatchObject({ status: 'failed' });
  });

  it('should geocode a named place for the weather', async () => {
    const { chat, socket, events } = await setup('sky-watcher');
    model.setScript(
      toolScript({ calls: [{ name: 'forecast_weather', arguments: '{"location":"paris"}' }], after: ['Ok'] }),
    );
    await send(socket, chat.id, 'Weather in Paris?');
    await doneFor(events, chat.id);
    const complete = toolEvents(events).find((c) => c.status === 'complete');
    expect(complete.output.location.name).toBe('Paris, Île-de-France, France');
  });

  it('should turn provider errors and timeouts into failed calls while the reply completes', async () => {
    const cases: Array<[Parameters<FakeServer['fail']>[0], string]> = [
      [{ status: 403 }, 'refused the request (HTTP 403)'],
      [{ status: 429 }, 'HTTP 429'],
      [{ status: 500 }, 'failed (HTTP 500)'],
      [{ hang: true }, 'took too long'],
    ];
    for (const [failure, text] of cases) {
      searxng.fail(failure);
      const { chat, socket, events } = await setup('scout');
      model.setScript(toolScript({ calls: [{ name: 'web_search', arguments: '{"query":"x"}' }], after: ['Sorry.'] }));
      await send(socket, chat.id, 'search');
      const done = await doneFor(events, chat.id);
      expect(done.payload.message.status, text).toBe('complete');
      const failed = toolEvents(events).find((c) => c.status === 'failed');
      expect(failed.output.error, text).toContain(text);
      expect(done.payload.message.parts[0]).toMatchObject({ status: 'failed', output: { error: failed.output.error } });
    }
  });

  it('should fail a call the model made with invalid input and go on', async () => {
    const { chat, socket, events } = await setup('scout');
    model.setScript(toolScript({ calls: [{ name: 'web_search', arguments: '{"q":1}' }], after: ['Oops.'] }));
    await send(socket, chat.id, 'search');
    const done = await doneFor(events, chat.id);
    expect(done.payload.message.status).toBe('complete');
    expect(toolEvents(events).at(-1)).toMatchObject({ skill: 'web_search', status: 'failed' });
  });

  it('should stop during a tool call', async () => {
    searxng.fail({ hang: true });
    const { chat, socket, events } = await setup('scout');
    model.setScript(toolScript({ calls: [{ name: 'web_search', arguments: '{"query":"slow"}' }], after: ['never'] }));
    await send(socket, chat.id, 'search');
    await waitFor(events, (r) => r.event === 'message.tool' && r.payload.call.status === 'running');
    expect((await stop(socket, chat.id)).error).toBeUndefined();
    const done = await doneFor(events, chat.id);
    expect(done.payload.message.status).toBe('stopped');
    expect(toolEvents(events).at(-1)).toMatchObject({ status: 'failed' });
    expect(done.payload.message.parts[0]).toMatchObject({ skill: 'web_search', status: 'failed' });
  });

  it('should check domains through the bootstrap and the registry, IDN included', async () => {
    const { chat, socket, events } = await setup('name-smith');
    model.setScript(
      toolScript({
        calls: [
          { id: 'a', name: 'check_domain', arguments: '{"domain":"Taken.TEST."}' },
          { id: 'b', name: 'check_domain', arguments: '{"domain":"free.test"}' },
          { id: 'c', name: 'check_domain', arguments: '{"domain":"bücher.test"}' },
          { id: 'd', name: 'check_domain', arguments: '{"domain":"not a domain"}' },
          { id: 'e', name: 'check_domain', arguments: '{"domain":"ratelimited.test"}' },
        ],
        after: ['Done.'],
      }),
    );
    await send(socket, chat.id, 'Check these');
    const done = await doneFor(events, chat.id);
    const parts = Object.fromEntries(
      done.payload.message.parts
        .filter((p: { type: string }) => p.type === 'tool')
        .map((p: { id: string }) => [p.id, p]),
    );
    expect(parts.a.output).toEqual({
      domain: 'taken.test',
      status: 'registered',
      registrar: 'Example Registrar, Inc.',
      expires: '2030-02-03T04:05:06Z',
      source: 'rdap',
    });
    expect(parts.b.output).toEqual({ domain: 'free.test', status: 'available', source: 'rdap' });
    expect(parts.c.output).toMatchObject({ domain: 'xn--bcher-kva.test', status: 'registered' });
    expect(parts.d).toMatchObject({ status: 'failed' });
    expect(parts.d.output.error).toContain('is not a domain name');
    expect(parts.e.output.error).toContain('limiting requests');
  });

  it('should refuse to read a private address and never reach it', async () => {
    const { chat, socket, events } = await setup('scout');
    const port = (trap.address() as AddressInfo).port;
    model.setScript(
      toolScript({
        calls: [
          { id: 'r1', name: 'read_url', arguments: JSON.stringify({ url: `http://127.0.0.1:${port}/admin` }) },
          { id: 'r2', name: 'read_url', arguments: JSON.stringify({ url: `http://[::ffff:127.0.0.1]:${port}/` }) },
          { id: 'r3', name: 'read_url', arguments: JSON.stringify({ url: 'file:///etc/passwd' }) },
        ],
        after: ['Cannot.'],
      }),
    );
    await send(socket, chat.id, 'read it');
    const done = await doneFor(events, chat.id);
    const tools = done.payload.message.parts.filter((p: { type: string }) => p.type === 'tool');
    expect(tools.map((p: { status: string }) => p.status)).toEqual(['failed', 'failed', 'failed']);
    expect(tools[0].output.error).toBe('That address is not allowed.');
    expect(tools[2].output.error).toContain('Only http and https');
    expect(trapHits).toBe(0);
  });

  it('should find businesses near the device with Yelp', async () => {
    const { chat, socket, events } = await setup('wanderer');
    socket.on('requestData', (_p, ack) => ack({ latitude: 37.78, longitude: -122.41, city: 'San Francisco' }));
    model.setScript(
      toolScript({ calls: [{ name: 'yelp_business_search', arguments: '{"term":"ramen"}' }], after: ['Here.'] }),
    );
    await send(socket, chat.id, 'Ramen near me');
    await doneFor(events, chat.id);
    const complete = toolEvents(events).find((c) => c.status === 'complete');
    expect(complete.output.businesses[0]).toEqual({
      name: 'ramen place 1',
      rating: 4,
      reviewCount: 100,
      address: '1 Market St, San Francisco, CA 94103',
      url: 'https://www.yelp.com/biz/biz-1?adjust_creative=x',
      price: '$',
      distance: 322,
      imageUrl: 'https://s3-media1.fl.yelpcdn.com/bphoto/1/o.jpg',
      categories: ['Ramen'],
      phone: '(415) 555-0100',
    });
    const request = yelp.requests.at(-1);
    expect(request?.url.searchParams.get('latitude')).toBe('37.78');
    expect(request?.headers.authorization).toBe('Bearer yelp-key');
  });
});

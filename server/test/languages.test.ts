import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CATALOGS } from '../src/i18n/catalog.js';
import { enUS } from '../src/i18n/locales/en-US.js';
import { call, signUpVerified, startAppWithMail, strongPassword, uniqueEmail } from './helpers/accounts.js';
import { connected, doneFor, record, send } from './helpers/conversation.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

const patchMe = (t: TestApp, token: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `${t.apiPrefix}/users/me`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });

describe('languages: the user locale', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('GET /users/me has no locale until one is chosen; PATCH sets it and every device hears it', async () => {
    const user = await t.seed.user();
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).body.locale).toBeNull();
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const changed = nextEvent<{ user: { locale: string } }>(socket, 'user.changed');

    const res = await patchMe(t, user.token, { locale: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, locale: 'de' });
    expect((await changed).user.locale).toBe('de');
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).body.locale).toBe('de');
  });

  it('refuses an unsupported locale with 400 and a clear message, and anything but the locale', async () => {
    const user = await t.seed.user();
    for (const body of [{ locale: 'ko' }, { locale: 'en' }, {}, { locale: 'de', firstName: 'x' }]) {
      const res = await patchMe(t, user.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request:invalid');
    }
    expect((await patchMe(t, user.token, { locale: 'ko' })).json().message).toBe(
      `locale: ${enUS.messages.unsupportedLocale}`,
    );
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `${t.apiPrefix}/users/me`,
      payload: { locale: 'de' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers errors in the user's language, else the Accept-Language's, en-US unchanged", async () => {
    const anon = await call(t, 'GET', '/users/me', undefined, { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(anon.body.message).toBe(SERVER_CATALOGS.fr.messages.signInRequired);
    const english = await call(t, 'GET', '/users/me');
    expect(english.body.message).toBe(enUS.messages.signInRequired);

    const user = await t.seed.user();
    await patchMe(t, user.token, { locale: 'ja' });
    const refused = await patchMe(t, user.token, { locale: 'xx' });
    expect(refused.json().message).toBe(`locale: ${SERVER_CATALOGS.ja.messages.unsupportedLocale}`);
  });

  it("tells the model the user's language in its system context", async () => {
    fake.setScript({ chunks: ['Hallo!'] });
    const user = await t.seed.user({ credits: 10 });
    await patchMe(t, user.token, { locale: 'de' });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const events = record(socket);
    await send(socket, chat.id, 'Wie entspanne ich mich?');
    await doneFor(events, chat.id);
    const streamed = fake.requests.filter((r) => r.body.stream === true).at(-1);
    const system = streamed?.body.messages[0] as { role: string; content: string };
    expect(system.role).toBe('system');
    expect(system.content).toContain("The user's language is German (de). Reply in the language the user writes in.");
  });

  it('says nothing of a language the user never chose', async () => {
    fake.setScript({ chunks: ['Hi!'] });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const events = record(socket);
    await send(socket, chat.id, 'Hello');
    await doneFor(events, chat.id);
    const streamed = fake.requests.filter((r) => r.body.stream === true).at(-1);
    expect(JSON.stringify(streamed?.body.messages[0])).not.toContain("The user's language");
  });

  it("refuses a socket event in the user's language", async () => {
    const user = await t.seed.user();
    await patchMe(t, user.token, { locale: 'es' });
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const ack = await send(socket, 'no-such-chat', 'Hola');
    expect(ack.error?.message).toBe(SERVER_CATALOGS.es.messages.chatMissing);
  });
});

describe('languages: mails', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

  it("a French visitor's verification mail is French, and the account keeps French", async () => {
    const email = uniqueEmail('fr');
    const [inviteCode] = await t.seed.invites(1, 1);
    const body = { email, firstName: 'Ada', lastName: 'Lovelace', password: strongPassword, inviteCode };
    const reg = await call(t, 'POST', '/users/', body, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(reg.status).toBe(403);
    expect(reg.body.message).toBe(SERVER_CATALOGS.fr.messages.notVerified);
    const mail = await smtp.waitForMail(email, /vérification/);
    const code = /\d{4}/.exec(mail.subject)?.[0] ?? '';
    expect(mail.subject).toBe(SERVER_CATALOGS.fr.mail.verify.subject(code));
    expect(mail.text).toBe(SERVER_CATALOGS.fr.mail.verify.text(code));
    expect(mail.html).toContain(SERVER_CATALOGS.fr.mail.verify.heading);
    await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code });
    const login = await call<{ token: string }>(t, 'POST', '/users/login', { email, password: strongPassword });
    expect((await call(t, 'GET', '/users/me', undefined, { token: login.body.token })).body.locale).toBe('fr');
  });

  it("a French user's reset mail is French whatever the browser says; en-US stays as it was", async () => {
    const fr = await signUpVerified(t, smtp, uniqueEmail('frreset'));
    await patchMe(t, fr.token, { locale: 'fr' });
    await call(t, 'POST', '/users/forgot', { email: fr.email }, { headers: { 'accept-language': 'de' } });
    const mail = await smtp.waitForMail(fr.email, /réinitialisation/);
    expect(mail.text).toContain('Quelqu’un a demandé à réinitialiser le mot de passe');

    const en = await signUpVerified(t, smtp, uniqueEmail('enreset'));
    await call(t, 'POST', '/users/forgot', { email: en.email });
    const english = await smtp.waitForMail(en.email, /password reset code/);
    expect(english.subject).toMatch(/^Your Neura password reset code: \d{4}$/);
  });

  it('the waitlist approval goes out in the language the address joined in', async () => {
    const email = uniqueEmail('ja-wait');
    await call(t, 'POST', '/waitlist', { email }, { headers: { 'accept-language': 'ja-JP' }, ip: '10.9.0.1' });
    const admin = await t.seed.user();
    await t.seed.updateUser(admin.id, { role: 'admin' });
    const approved = await call(t, 'POST', '/admin/waitlist/approve', { emails: [email] }, { token: admin.token });
    expect(approved.status).toBe(200);
    const mail = await smtp.waitForMail(email, /招待コード/);
    expect(mail.subject).toBe(SERVER_CATALOGS.ja.mail.invite.subject);
    expect(mail.html).toContain(SERVER_CATALOGS.ja.mail.invite.heading);
  });
});

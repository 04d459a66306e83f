import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * N11: `/users/forgot` took ~105 ms for a known address and 1–2 ms for an
 * unknown one: the mail was sent before the answer. Now the answer never waits for mail work, so
 * both answer alike in the same time. Shown with a mail server that never answers: the known
 * address's answer comes while the mail is still waiting for it.
 */
describe('N11: code requests answer before any mail work', () => {
  let t: TestApp;
  let smtp: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    smtp = net.createServer((socket) => {
      sockets.add(socket); // never greets: a mail server that hangs
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    // The mail server goes first: a mail job that connects while the app stops is refused at once,
    // not left waiting 30 s for a greeting (nodemailer's own timeout).
    const closed = new Promise((resolve) => smtp.close(resolve));
    for (const s of sockets) s.destroy();
    await closed;
    await t?.stop();
  });

  const ask = (path: string, email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: `${t.apiPrefix}${path}`, payload: { email }, remoteAddress: ip });

  it.each(['/users/forgot'])(
    'should answer %s for a known address as for an unknown one, before the mail',
    async (path) => {
      const known = await t.seed.user({ password: null });
      const forKnown = await ask(path, known.email, '10.70.0.1');
      const forUnknown = await ask(path, `nobody-${known.email}`, '10.70.0.2');
      expect(forKnown.statusCode).toBe(forUnknown.statusCode);
      expect(forKnown.body).toBe(forUnknown.body);
      expect(forKnown.statusCode).toBeLessThan(300);
    },
    60_000,
  );
});

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { Mailer } from './mailer.js';
import { verifyCodeMail } from './templates.js';

describe('Mailer without SMTP', () => {
  it('should write the mail, code included, to the log at info with a "mail not configured" line', async () => {
    const lines: Array<{ level: string; obj: unknown; msg: string }> = [];
    const log = {
      info: (obj: unknown, msg: string) => lines.push({ level: 'info', obj, msg }),
    } as never;
    const mailer = new Mailer(undefined, 'Neura <no-reply@neura.local>', log);
    expect(mailer.configured).toBe(false);
    await mailer.send(verifyCodeMail('ada@example.com', '0427'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('info');
    expect(lines[0]?.msg).toContain('mail not configured');
    expect(lines[0]?.msg).toContain('0427');
    expect(lines[0]?.obj).toMatchObject({ to: 'ada@example.com' });
  });
});

describe('Mailer without SMTP in production (MAIL_TO_LOG off)', () => {
  it('should never write the code (or the address) to the log', async () => {
    const lines: Array<{ obj: unknown; msg: string }> = [];
    // pino style: (message) or (object, message).
    const push = (a: unknown, b?: string) =>
      lines.push(typeof a === 'string' ? { obj: undefined, msg: a } : { obj: a, msg: b ?? '' });
    const log = { info: push, warn: push } as never;
    const mailer = new Mailer(undefined, 'Neura <no-reply@neura.local>', log, { logBodies: false });
    await mailer.send(verifyCodeMail('ada@example.com', '0427'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toContain('mail not configured');
    expect(JSON.stringify(lines)).not.toContain('0427');
    expect(JSON.stringify(lines)).not.toContain('ada@example.com');
  });
});

describe('mail templates', () => {
  it('should carry the product name and the code in text and HTML', () => {
    const mail = verifyCodeMail('ada@example.com', '0042');
    expect(mail.subject).toContain('Neura');
    expect(mail.text).toContain('0042');
    expect(mail.html).toContain('0042');
    expect(mail.html).toContain('Neura');
  });
});

describe('Mailer with an SMTP server that hangs', () => {
  const hangingServer = async () => {
    const sockets = new Set<net.Socket>();
    // Accepts connections and never greets.
    const server = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const close = async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    };
    return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
  };
  const quietLog = { info: () => undefined, warn: () => undefined } as never;

  /** Sends one mail to a server that never greets; it must fail with a timeout the caller can report. */
  const expectGreetingTimeout = async (url: (server: string) => string, greetingTimeout: number) => {
    const smtp = await hangingServer();
    const mailer = new Mailer(url(smtp.url), 'Neura <no-reply@neura.local>', quietLog, {
      logBodies: false,
      timeoutsMs: { greetingTimeout },
    });
    try {
      await expect(mailer.send(verifyCodeMail('ada@example.com', '0427'))).rejects.toMatchObject({
        code: 'ETIMEDOUT',
      });
    } finally {
      mailer.close();
      await smtp.close();
    }
  };

  it('should give up waiting for the greeting after its timeout, with an error the caller can report', async () => {
    await expectGreetingTimeout((server) => server, 150);
  });

  it("should let the URL's query set a timeout over the defaults", async () => {
    // The constructor's own greeting timeout would wait a minute (past the test's 5 s): the URL's 150 ms wins.
    await expectGreetingTimeout((server) => `${server}?greetingTimeout=150`, 60_000);
  });
});

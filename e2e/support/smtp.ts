import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server + mailparser) for the e2e run. Global setup starts it and passes
 * its URL to the app as SMTP_URL; each received mail is appended as one JSON line to the file
 * named by E2E_MAIL_FILE, which tests read with `waitForMail` (support/mail.ts).
 */
export interface SmtpCaptureServer {
  url: string;
  /** Where mails go from now on (JSON lines: { to, subject, text, html, receivedAt }). */
  setFile: (file: string) => void;
  stop: () => Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCaptureServer> {
  let file: string | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          const mail = {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          if (file) fs.appendFileSync(file, `${JSON.stringify(mail)}\n`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    setFile(f) {
      file = f;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

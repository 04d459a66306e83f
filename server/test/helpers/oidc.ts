import { type LocalOidcProvider, signInAtProvider, startOidcProvider } from '@neura/test-kit/fakes/oidc-provider';
import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { generate } from 'otplib';
import { call, startAppWithMail } from './accounts.js';

/** An app with mail and the local OpenID provider `local` configured (issue #47 tests). */
export interface OidcApp {
  idp: LocalOidcProvider;
  t: TestApp;
  smtp: SmtpCapture;
  origin: string;
  stop: () => Promise<void>;
}

export async function startOidcApp(): Promise<OidcApp> {
  const idp = await startOidcProvider();
  const { t, smtp, stop } = await startAppWithMail({
    OIDC_PROVIDERS: JSON.stringify([idp.entry()]),
    OUTBOUND_ALLOW: idp.hostPort,
  });
  idp.allowRedirects([`${t.url}/api/auth/oidc/local/callback`]);
  return {
    idp,
    t,
    smtp,
    origin: new URL(t.url).origin,
    stop: async () => {
      await stop();
      await idp.stop();
    },
  };
}

/** A whole provider sign-in in one "browser": the ticket the callback leaves. */
export async function oidcTicket(t: TestApp, login: string): Promise<string> {
  const started = await fetch(`${t.url}/api/auth/oidc/local/start`, { redirect: 'manual' });
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const back = await signInAtProvider(started.headers.get('location') as string, login);
  const res = await fetch(back.url, { redirect: 'manual', headers: { cookie } });
  return new URL(res.headers.get('location') as string).searchParams.get('ticket') as string;
}

/** Turns the second factor on for the token's account; answers its TOTP secret. */
export async function withTwoFactor(t: TestApp, token: string): Promise<string> {
  const setup = await call<{ secret: string }>(t, 'POST', '/users/me/2fa/setup', undefined, { token });
  await call(t, 'POST', '/users/me/2fa/enable', { code: await generate({ secret: setup.body.secret }) }, { token });
  return setup.body.secret;
}

import {
  loginTwoFactorRequestSchema,
  passkeyLoginOptionsRequestSchema,
  passkeyLoginVerifyRequestSchema,
  passkeyRegisterVerifyRequestSchema,
  passkeyRenameRequestSchema,
  reauthRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
} from '@neura/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AccountService } from '../accounts/account-service.js';
import type { DeviceService } from '../accounts/device-service.js';
import type { RecentAuth } from '../accounts/recent-auth.js';
import { captchaToken, origin } from '../accounts/routes.js';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { AppError } from '../errors.js';
import { named } from '../lib/plugin-name.js';
import { parse } from '../lib/validate.js';
import { PASSKEY_MESSAGES, type PasskeyService, type RelyingParty } from './passkey-service.js';
import type { TwoFactorService } from './two-factor-service.js';

export interface SecurityRouteDeps {
  auth: Authenticator;
  twoFactor: TwoFactorService;
  passkeys: PasskeyService;
  devices: DeviceService;
  recentAuth: RecentAuth;
  accounts: Pick<AccountService, 'checkPassword'>;
  /** PUBLIC_URL: the relying party; without it (a trial install) the page's own origin. */
  publicUrl: string | undefined;
  /** The native apps' origins (native-association.ts `androidAppOrigins`), accepted with PUBLIC_URL. */
  appOrigins: string[];
}

const success = { success: true } as const;

/**
 * The relying party of a request: PUBLIC_URL's, or on a trial install the page's origin. The native
 * apps' origins count only with PUBLIC_URL (the domain that vouches for them; docs/NATIVE.md).
 */
export function relyingParty(
  publicUrl: string | undefined,
  request: FastifyRequest,
  appOrigins: string[] = [],
): RelyingParty {
  const from = publicUrl ?? request.headers.origin ?? `${request.protocol}://${request.headers.host ?? ''}`;
  try {
    const url = new URL(from);
    return { rpID: url.hostname, origins: [url.origin, ...(publicUrl ? appOrigins : [])] };
  } catch {
    throw new AppError('auth:passkey-failed', PASSKEY_MESSAGES.failed);
  }
}

/** Sign-in (issue #47): the second factor, passkeys and devices. */
export const securityRoutes =
  (d: SecurityRouteDeps): FastifyPluginAsync =>
  async (app) => {
    const rp = (request: FastifyRequest) => relyingParty(d.publicUrl, request, d.appOrigins);

    // No token: the second step of a password sign-in, and signing in with a passkey.
    app.post('/users/login/2fa', async (request) => {
      const { challenge, code } = parse(loginTwoFactorRequestSchema, request.body);
      return { token: await d.twoFactor.completeLogin(challenge, code, origin(request)) };
    });
    app.post('/auth/passkeys/login/options', async (request) => {
      const { email } = parse(passkeyLoginOptionsRequestSchema, request.body ?? {});
      return d.passkeys.loginOptions(email, rp(request));
    });
    app.post('/auth/passkeys/login/verify', async (request) => {
      const { credential } = parse(passkeyLoginVerifyRequestSchema, request.body);
      const response = credential as unknown as AuthenticationResponseJSON;
      return { token: await d.passkeys.loginVerify(response, rp(request), origin(request)) };
    });

    await app.register(
      named('own security routes', async (own) => {
        requireAuth(own, d.auth);
        // Re-authentication: a password, a second-factor code or one of the user's own passkeys.
        own.post('/users/me/reauth', async (request) => {
          const body = parse(reauthRequestSchema, request.body);
          const principal = signedIn(request);
          if (body.password !== undefined) {
            await d.accounts.checkPassword(principal, body.password, {
              captchaToken: captchaToken(request),
              ip: request.ip,
            });
          } else if (body.code !== undefined) {
            await d.twoFactor.checkCode(principal.user.id, body.code, request.ip);
          } else {
            const response = body.credential as unknown as AuthenticationResponseJSON;
            const owner = await d.passkeys.assert(response, rp(request), request.ip);
            if (owner !== principal.user.id) throw new AppError('auth:passkey-failed', PASSKEY_MESSAGES.failed);
          }
          await d.recentAuth.confirmed(principal);
          return success;
        });
        own.get('/users/me/2fa', async (request) => d.twoFactor.status(signedIn(request).user.id));
        own.post('/users/me/2fa/setup', async (request) => d.twoFactor.setup(signedIn(request).user));
        own.post('/users/me/2fa/enable', async (request) => {
          const { code } = parse(twoFactorEnableRequestSchema, request.body);
          return d.twoFactor.enable(signedIn(request).user, code, request.ip);
        });
        own.post('/users/me/2fa/disable', async (request) => {
          const { password, code } = parse(twoFactorDisableRequestSchema, request.body);
          await d.twoFactor.disable(signedIn(request), password, code, {
            captchaToken: captchaToken(request),
            ip: request.ip,
          });
          return success;
        });
        own.post('/users/me/2fa/backup-codes', async (request) => {
          const { code } = parse(twoFactorEnableRequestSchema, request.body);
          return d.twoFactor.regenerate(signedIn(request).user, code, request.ip);
        });

        own.post('/auth/passkeys/register/options', async (request) =>
          d.passkeys.registerOptions(signedIn(request).user, rp(request)),
        );
        own.post('/auth/passkeys/register/verify', async (request) => {
          const { credential, name } = parse(passkeyRegisterVerifyRequestSchema, request.body);
          const response = credential as unknown as RegistrationResponseJSON;
          const { user } = signedIn(request);
          return d.passkeys.registerVerify(user, response, name, rp(request), origin(request).userAgent);
        });
        own.get('/users/me/passkeys', async (request) => d.passkeys.list(signedIn(request).user.id));
        own.patch<{ Params: { id: string } }>('/users/me/passkeys/:id', async (request) => {
          const { name } = parse(passkeyRenameRequestSchema, request.body);
          await d.passkeys.rename(signedIn(request).user.id, request.params.id, name);
          return success;
        });
        own.delete<{ Params: { id: string } }>('/users/me/passkeys/:id', async (request) => {
          await d.recentAuth.require(signedIn(request));
          await d.passkeys.remove(signedIn(request).user, request.params.id);
          return success;
        });

        own.get('/users/me/sessions', async (request) => d.devices.list(signedIn(request)));
        own.delete<{ Params: { id: string } }>('/users/me/sessions/:id', async (request) => {
          await d.recentAuth.require(signedIn(request));
          await d.devices.signOut(signedIn(request), request.params.id);
          return success;
        });
        // "Sign out all other devices".
        own.delete('/users/me/sessions', async (request) => {
          await d.recentAuth.require(signedIn(request));
          return { signedOut: await d.devices.signOutOthers(signedIn(request)) };
        });
      }),
    );
  };

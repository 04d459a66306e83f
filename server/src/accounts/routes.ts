import {
  acceptLanguageTags,
  changePasswordRequestSchema,
  codeValidateRequestSchema,
  deleteAccountRequestSchema,
  emailOnlyRequestSchema,
  emailSchema,
  loginRequestSchema,
  matchLocale,
  NOT_VERIFIED_MESSAGE,
  passwordResetRequestSchema,
  RECAPTCHA_HEADER,
  registerRequestSchema,
  userPatchRequestSchema,
  waitlistRequestSchema,
} from '@neura/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { named } from '../lib/plugin-name.js';
import { parse } from '../lib/validate.js';
import type { Origin } from './account-deps.js';
import type { AccountService } from './account-service.js';
import type { InviteService } from './invite-service.js';
import { presentUser } from './present-user.js';
import type { WaitlistService } from './waitlist-service.js';

export interface AccountRouteDeps {
  auth: Authenticator;
  accounts: AccountService;
  invites: InviteService;
  waitlist: WaitlistService;
}

export const origin = (request: FastifyRequest): Origin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  locale: matchLocale(acceptLanguageTags(request.headers['accept-language'])),
});

/** The reCAPTCHA token header (registration; password checks after repeated failures). */
export const captchaToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[RECAPTCHA_HEADER.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const success = { success: true } as const;
/** Lookups that reveal whether an address or invite exists: limited per IP. */
const lookupLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Account calls of SPEC.md §7 and ARCHITECTURE.md §3. */
export const accountRoutes =
  ({ auth, accounts, invites, waitlist }: AccountRouteDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(named('public account routes', publicAccountRoutes(accounts, invites, waitlist)));
    await app.register(named('own account routes', ownAccountRoutes(auth, accounts)));
  };

/** Sign-up, sign-in, codes and the waitlist: no token needed. */
const publicAccountRoutes =
  (accounts: AccountService, invites: InviteService, waitlist: WaitlistService): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { email: string } }>('/users/:email/exists', { config: lookupLimit }, async (request) => {
      const email = parse(emailSchema, request.params.email);
      await accounts.reserveLookup(request.ip);
      return accounts.exists(email);
    });

    app.get<{ Params: { inviteCode: string } }>('/invites/:inviteCode', { config: lookupLimit }, async (request) => {
      await accounts.reserveLookup(request.ip);
      return { isValid: await invites.isValid(request.params.inviteCode) };
    });

    app.get('/accounts/options', async () => accounts.options());

    app.post('/waitlist', async (request) => {
      const { email } = parse(waitlistRequestSchema, request.body);
      await waitlist.join(email, request.ip, origin(request).locale);
      return success;
    });

    // Registration always ends in email verification: 403 "not verified" once the code was mailed.
    const register = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const body = parse(registerRequestSchema, request.body);
      await accounts.register(body, captchaToken(request), origin(request));
      return reply.code(403).send({ message: NOT_VERIFIED_MESSAGE, code: 'auth:not-verified' });
    };
    app.post('/users/', register);
    app.post('/users', register);

    app.post('/users/login', async (request) => {
      const { email, password } = parse(loginRequestSchema, request.body);
      return accounts.login(email, password, origin(request), captchaToken(request));
    });

    app.post('/users/verify', async (request) => {
      const { email } = parse(emailOnlyRequestSchema, request.body);
      await accounts.sendVerifyCode(email, origin(request));
      return success;
    });

    app.post('/users/verify/validate', async (request) => {
      const { email, verifyCode } = parse(codeValidateRequestSchema, request.body);
      return { success: true, token: await accounts.validateVerifyCode(email, verifyCode, origin(request)) };
    });

    app.post('/users/forgot', async (request) => {
      const { email } = parse(emailOnlyRequestSchema, request.body);
      await accounts.sendResetCode(email, origin(request));
      return success;
    });

    app.post('/users/forgot/validate', async (request) => {
      const { email, verifyCode } = parse(codeValidateRequestSchema, request.body);
      await accounts.validateResetCode(email, verifyCode, origin(request));
      return success;
    });

    app.post('/users/forgot/reset', async (request) => {
      const { email, verifyCode, password } = parse(passwordResetRequestSchema, request.body);
      return { token: await accounts.resetPassword(email, verifyCode, password, origin(request)) };
    });
  };

/** The signed-in user's own account: every route needs a valid token (checked once, by the hook). */
const ownAccountRoutes =
  (auth: Authenticator, accounts: AccountService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get('/users/me', async (request) => presentUser(signedIn(request).user));

    // The user's language (issue #43): follows them to every device (`user.changed`).
    app.patch('/users/me', async (request) => {
      const { locale } = parse(userPatchRequestSchema, request.body ?? {});
      return accounts.setLocale(signedIn(request).user.id, locale);
    });

    app.post('/users/logout', async (request, reply) => {
      await accounts.logout(signedIn(request));
      return reply.code(200).send(success);
    });

    app.put('/users/me/password', async (request) => {
      const principal = signedIn(request);
      const { currentPassword, password } = parse(changePasswordRequestSchema, request.body);
      await accounts.changePassword(principal, currentPassword, password, {
        captchaToken: captchaToken(request),
        ip: request.ip,
      });
      return success;
    });

    app.delete('/users/me', async (request) => {
      const principal = signedIn(request);
      const { password } = parse(deleteAccountRequestSchema, request.body ?? {});
      await accounts.deleteAccount(principal, password, { captchaToken: captchaToken(request), ip: request.ip });
      return success;
    });
  };

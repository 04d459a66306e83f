import { spendingLimitsInputSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import type { CreditService } from '../credits/service.js';
import { parse } from '../lib/validate.js';

/** `GET|PUT /users/me/limits`: the signed-in user's own daily and monthly spending limits (issue #49). */
export const limitRoutes =
  (auth: Authenticator, credits: Pick<CreditService, 'spendingLimits' | 'setSpendingLimits'>): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get('/users/me/limits', async (request) => credits.spendingLimits(signedIn(request).user.id));

    app.put('/users/me/limits', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) =>
      credits.setSpendingLimits(signedIn(request).user.id, parse(spendingLimitsInputSchema, request.body ?? {})),
    );
  };

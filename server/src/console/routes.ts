import multipart from '@fastify/multipart';
import { MAX_AVATAR_BYTES } from '@neura/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserAdminService } from '../accounts/user-admin-service.js';
import type { Actor, AuditLog } from '../audit/repository.js';
import { requireAdmin } from '../auth/admin-guard.js';
import type { Authenticator } from '../auth/authenticate.js';
import { signedIn } from '../auth/http-auth.js';
import type { BillingAdminService } from '../billing/admin-service.js';
import type { ProAdminService } from '../entitlements/admin-service.js';
import { AppError } from '../errors.js';
import type { FeedbackAdminService } from '../feedback/admin-service.js';
import { named } from '../lib/plugin-name.js';
import { parse } from '../lib/validate.js';
import type { PersonaAdminService } from '../personas/admin-service.js';
import { avatarTexts } from '../personas/avatar.js';
import { DASHBOARD_RANGES } from './dashboard.js';
import type { ConsoleReadModel } from './read-model.js';
import { isTimeZone } from './time-zone.js';

/** What the console's routes call: each feature's admin service, the read model and the audit log. */
export interface ConsoleOperations {
  readModel: ConsoleReadModel;
  audit: AuditLog;
  users: UserAdminService;
  pro: ProAdminService;
  billing: BillingAdminService;
  personas: PersonaAdminService;
  feedback: FeedbackAdminService;
}

const actorOf = (request: FastifyRequest): Actor => {
  const { user } = signedIn(request);
  return { id: user.id, label: user.email };
};

const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (DASHBOARD_RANGES as readonly number[]).includes(d), 'days must be 7, 30 or 90')
    .default(30),
  tz: z.string().max(64).refine(isTimeZone, 'tz must be an IANA time zone like Europe/Paris').optional(),
});
const searchQuery = z.object({
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const creditsBody = z.object({
  amount: z.number().int().min(-1_000_000).max(1_000_000),
  note: z.string().max(500).optional(),
});
const proBody = z.object({ days: z.number().int().min(1).max(3650) });
const endProQuery = z.object({ when: z.enum(['now', 'period-end']).default('now') });
const roleBody = z.object({ role: z.enum(['user', 'admin']) });
const publishBody = z.object({ published: z.boolean() });
const reorderBody = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(500) });
const invitesBody = z.object({
  count: z.number().int().min(1).max(100).default(1),
  uses: z.number().int().min(1).max(10_000).default(1),
});
const hintParams = z.object({ hint: z.string().min(1).max(64) });
const waitlistBody = z.object({ count: z.number().int().min(1).max(100) });
const approveBody = z.object({ emails: z.array(z.string().trim().min(3).max(320)).min(1).max(100) });
const handledBody = z.object({ handled: z.boolean().default(true) });
const priceBody = z.object({
  inputPerMTok: z.number().min(0).max(10_000),
  outputPerMTok: z.number().min(0).max(10_000),
});
const modelParams = z.object({ model: z.string().min(1).max(200) });
const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.string().max(64).optional(),
});

const csvCell = (v: string | null) => {
  const text = v ?? '';
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** An error of @fastify/multipart (too large, a broken body) as our error body; nothing is stored. */
function uploadError(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file:too-large', avatarTexts.tooLarge);
  if (typeof e.code === 'string' && e.code.startsWith('FST_') && (e.statusCode ?? 500) < 500)
    return new AppError('file:invalid', avatarTexts.none);
  return error;
}

/** The picture of an avatar upload: a raw `image/*` body, or the first file of a multipart body. */
async function uploadedPicture(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') return await part.toBuffer();
      }
    } catch (error) {
      throw uploadError(error);
    }
    throw new AppError('file:invalid', avatarTexts.none);
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw new AppError('file:invalid', avatarTexts.none);
}

/**
 * PUT /admin/personas/{id}/avatar (a raw image body, or multipart as POST /files takes it),
 * DELETE it, and GET it for the editor (any persona, published or not). In a scope of their own:
 * the image and multipart parsers exist only here.
 */
const avatarRoutes =
  (service: PersonaAdminService): FastifyPluginAsync =>
  async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    });
    // A raw picture is read here with the avatar's own limit (413 file:too-large once it is passed).
    scope.addContentTypeParser(/^image\//, (_request, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      payload.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size > MAX_AVATAR_BYTES) {
          failed = true;
          payload.resume();
          done(new AppError('file:too-large', avatarTexts.tooLarge), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!failed) done(null, Buffer.concat(chunks));
      });
      payload.on('error', (error) => {
        if (!failed) done(error, undefined);
      });
    });
    scope.put('/admin/personas/:id/avatar', async (request) => {
      const { id } = parse(idParams, request.params);
      return service.setPersonaAvatar(actorOf(request), id, await uploadedPicture(request));
    });
    scope.delete('/admin/personas/:id/avatar', async (request) => ({
      removed: await service.removePersonaAvatar(actorOf(request), parse(idParams, request.params).id),
    }));
    scope.get('/admin/personas/:id/avatar', async (request, reply) => {
      const file = await service.personaAvatar(parse(idParams, request.params).id);
      return reply.header('Cache-Control', 'private, no-cache').type(file.mimeType).send(file.bytes);
    });
  };

/**
 * The operator's console API. Every route needs a signed-in admin (401 without a session, 403
 * for other users); `registered` lists them all (the guard test walks it).
 */
export function consoleRoutes(
  auth: Authenticator,
  ops: ConsoleOperations,
  defaultTimeZone: string,
  registered: Array<{ method: string; url: string }>,
): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      const url = route.url.startsWith(route.prefix) ? route.url.slice(route.prefix.length) : route.url;
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url });
    });
    requireAdmin(app, auth);

    app.get('/admin/dashboard', async (request) => {
      const { days, tz } = parse(dashboardQuery, request.query);
      return ops.readModel.dashboard(days, tz ?? defaultTimeZone);
    });
    app.get('/admin/model-prices', async () => ops.readModel.modelPrices());
    app.put('/admin/model-prices/:model', async (request) => {
      const { model } = parse(modelParams, request.params);
      const body = parse(priceBody, request.body);
      return ops.readModel.setModelPrice(actorOf(request), { model, ...body });
    });

    app.get('/admin/users', async (request) => {
      const { q, limit } = parse(searchQuery, request.query);
      return { items: await ops.users.search(q, limit) };
    });
    app.get('/admin/users/:id', async (request) => ops.readModel.userDetail(parse(idParams, request.params).id));
    app.post('/admin/users/:id/credits', async (request) => {
      const { id } = parse(idParams, request.params);
      const { amount, note } = parse(creditsBody, request.body);
      return { credits: await ops.users.adjustCredits(actorOf(request), id, amount, note) };
    });
    app.post('/admin/users/:id/pro', async (request) => {
      const { id } = parse(idParams, request.params);
      const { days } = parse(proBody, request.body);
      return { proExpiry: await ops.pro.givePro(actorOf(request), id, days) };
    });
    app.delete('/admin/users/:id/pro', async (request) => {
      const { when } = parse(endProQuery, request.query);
      return {
        success: true,
        ...(await ops.billing.endPro(actorOf(request), parse(idParams, request.params).id, when)),
      };
    });
    app.post('/admin/users/:id/suspend', async (request) => {
      await ops.users.suspend(actorOf(request), parse(idParams, request.params).id);
      return { success: true };
    });
    app.post('/admin/users/:id/unsuspend', async (request) => {
      await ops.users.unsuspend(actorOf(request), parse(idParams, request.params).id);
      return { success: true };
    });
    app.post('/admin/users/:id/role', async (request) => {
      const { id } = parse(idParams, request.params);
      const { role } = parse(roleBody, request.body);
      const user = await ops.users.summary(id);
      await ops.users.setRole(actorOf(request), user.email, role);
      return { success: true };
    });
    app.delete('/admin/users/:id', async (request) => {
      await ops.users.deleteUser(actorOf(request), parse(idParams, request.params).id);
      return { success: true };
    });

    app.get('/admin/personas', async () => ({ items: await ops.personas.listPersonas() }));
    app.post('/admin/personas', async (request, reply) =>
      reply.code(201).send(await ops.personas.savePersona(actorOf(request), request.body, false)),
    );
    app.put('/admin/personas/:id', async (request) => {
      const { id } = parse(idParams, request.params);
      const body = request.body && typeof request.body === 'object' ? { ...request.body, id } : request.body;
      return ops.personas.savePersona(actorOf(request), body, true);
    });
    await app.register(named('persona avatar routes', avatarRoutes(ops.personas)));
    app.post('/admin/personas/:id/published', async (request) => {
      const { id } = parse(idParams, request.params);
      const { published } = parse(publishBody, request.body);
      await ops.personas.setPublished(actorOf(request), id, published);
      return { success: true };
    });
    app.put('/admin/personas-order', async (request) => {
      await ops.personas.reorderPersonas(actorOf(request), parse(reorderBody, request.body).ids);
      return { success: true };
    });

    app.get('/admin/orders', async (request) => {
      const { q, limit } = parse(searchQuery, request.query);
      return { items: await ops.billing.listOrders(q, limit) };
    });
    app.post('/admin/orders/:id/refund', async (request) => {
      await ops.billing.refundOrder(actorOf(request), parse(idParams, request.params).id);
      return { success: true };
    });

    app.get('/admin/invites', async () => ({ items: await ops.users.listInvites() }));
    app.post('/admin/invites', async (request, reply) => {
      const { count, uses } = parse(invitesBody, request.body ?? {});
      return reply.code(201).send({ codes: await ops.users.createInvites(actorOf(request), count, uses) });
    });
    app.delete('/admin/invites/:hint', async (request) => ({
      revoked: await ops.users.revokeInvite(actorOf(request), parse(hintParams, request.params).hint),
    }));
    app.get('/admin/waitlist', async () => ({ items: await ops.users.listWaitlist() }));
    app.get('/admin/waitlist.csv', async (_request, reply) => {
      const rows = await ops.users.listWaitlist();
      const lines = [
        'email,joined,invited',
        ...rows.map((r) => [r.email, r.createdAt, r.invitedAt].map(csvCell).join(',')),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="waitlist.csv"')
        .send(`${lines.join('\n')}\n`);
    });
    app.post('/admin/waitlist/invite', async (request) => ({
      items: await ops.users.inviteFromWaitlist(actorOf(request), parse(waitlistBody, request.body).count),
    }));

    app.post('/admin/waitlist/approve', async (request) => ({
      items: await ops.users.approveWaitlist(actorOf(request), parse(approveBody, request.body).emails),
    }));

    app.get('/admin/feedback', async () => ({ items: await ops.feedback.listFeedback() }));
    app.post('/admin/feedback/:id/handled', async (request) => {
      const { id } = parse(idParams, request.params);
      const { handled } = parse(handledBody, request.body ?? {});
      await ops.feedback.markFeedbackHandled(actorOf(request), id, handled);
      return { success: true };
    });

    app.get('/admin/audit', async (request) => {
      const { limit, before } = parse(auditQuery, request.query);
      return { items: await ops.audit.list(limit, before) };
    });
  };
}

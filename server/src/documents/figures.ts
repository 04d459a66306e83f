import type { DocumentFigures } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../auth/admin-guard.js';
import type { Authenticator } from '../auth/authenticate.js';
import { type Executor, fromJson } from '../db/database.js';

/** How many users and personas the console lists. */
const TOP = 20;

/**
 * What documents cost the operator (issue #45 "costs are honest"): the room they take, in all and
 * per user, and the document tokens replies sent to the model, per persona. Reads only.
 */
export async function documentFigures(db: Executor): Promise<DocumentFigures> {
  const total = await db
    .selectFrom('documents as d')
    .innerJoin('files as f', 'f.id', 'd.file_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('f.size'), eb.lit(0)).as('bytes'),
      eb.fn.countAll<number>().as('n'),
    ])
    .executeTakeFirst();
  const users = await db
    .selectFrom('documents as d')
    .innerJoin('files as f', 'f.id', 'd.file_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select((eb) => ['d.user_id', 'u.email', eb.fn.sum<number>('f.size').as('bytes'), eb.fn.countAll<number>().as('n')])
    .groupBy(['d.user_id', 'u.email'])
    .orderBy('bytes', 'desc')
    .limit(TOP)
    .execute();
  const personas = await db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .innerJoin('personas as p', (join) =>
      join.on((eb) => eb('p.id', '=', eb.fn.coalesce('m.persona_id', 'c.persona_id'))),
    )
    .where('m.document_tokens', '>', 0)
    .select((eb) => [
      'p.id',
      'p.name',
      eb.fn.sum<number>('m.document_tokens').as('tokens'),
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['p.id', 'p.name'])
    .orderBy('tokens', 'desc')
    .limit(TOP)
    .execute();
  return {
    storage: {
      bytes: Number(total?.bytes ?? 0),
      documents: Number(total?.n ?? 0),
      users: users.map((u) => ({ userId: u.user_id, email: u.email, bytes: Number(u.bytes), documents: Number(u.n) })),
      personas: await knowledgeStorage(db),
    },
    personas: personas.map((p) => ({ personaId: p.id, name: p.name, tokens: Number(p.tokens), replies: Number(p.n) })),
  };
}

/** The room each persona's knowledge files take (personas.knowledge holds their ids as JSON), biggest first. */
async function knowledgeStorage(db: Executor): Promise<NonNullable<DocumentFigures['storage']['personas']>> {
  const rows = await db
    .selectFrom('personas')
    .select(['id', 'name', 'knowledge'])
    .where('knowledge', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  const idsOf = new Map(rows.map((r) => [r.id, fromJson<string[]>(r.knowledge ?? null, [])]));
  const all = [...new Set([...idsOf.values()].flat())];
  const sizes = new Map<string, number>();
  for (let i = 0; i < all.length; i += 500) {
    const files = await db
      .selectFrom('files')
      .select(['id', 'size'])
      .where('id', 'in', all.slice(i, i + 500))
      .execute();
    for (const f of files) sizes.set(f.id, Number(f.size));
  }
  return rows
    .map((r) => {
      const ids = (idsOf.get(r.id) ?? []).filter((id) => sizes.has(id));
      return {
        personaId: r.id,
        name: r.name,
        bytes: ids.reduce((n, id) => n + (sizes.get(id) ?? 0), 0),
        documents: ids.length,
      };
    })
    .filter((p) => p.documents > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, TOP);
}

/** `GET /admin/documents` (admins only); `registered` collects it for the admin guard's test. */
export const documentAdminRoutes =
  (auth: Authenticator, db: Executor, registered: Array<{ method: string; url: string }>): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRoute', (route) => {
      const url = route.url.startsWith(route.prefix) ? route.url.slice(route.prefix.length) : route.url;
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url });
    });
    requireAdmin(app, auth);
    app.get('/admin/documents', () => documentFigures(db));
  };

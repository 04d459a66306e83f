import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserAdminService } from '../src/accounts/user-admin-service.js';
import { type Actor, type AuditInput, AuditLog } from '../src/audit/repository.js';
import { ConsoleReadModel } from '../src/console/read-model.js';
import type { Executor } from '../src/db/database.js';
import { ProAdminService } from '../src/entitlements/admin-service.js';
import { FeedbackAdminService } from '../src/feedback/admin-service.js';
import { FeedbackRepository } from '../src/feedback/repository.js';
import { PersonaAdminService } from '../src/personas/admin-service.js';

/**
 * An audit log whose line is written, then fails: when the line is written in the change's own
 * transaction, the change and its line are rolled back together (nothing changed, nothing logged).
 */
class FailingAudit extends AuditLog {
  override async record(actor: Actor, input: AuditInput, trx?: Executor): Promise<void> {
    await super.record(actor, input, trx);
    throw new Error(`the audit line of ${input.action} failed`);
  }
}

describe('admin operations write their audit line in the change’s transaction', () => {
  let t: TestApp;
  let audit: FailingAudit;
  const actor: Actor = { id: null, label: 'test' };
  const lines = async (action: string) =>
    (await t.db.selectFrom('audit_log').select('id').where('action', '=', action).execute()).length;

  beforeAll(async () => {
    t = await startTestApp();
    audit = new FailingAudit(t.db);
  });
  afterAll(() => t.stop());

  it('should keep the role and log nothing when the role change’s audit line fails', async () => {
    const user = await t.seed.user();
    const users = new UserAdminService({ ...t.services, audit });
    await expect(users.setRole(actor, user.email, 'admin')).rejects.toThrow('the audit line of user.set-role failed');
    expect((await t.read.user(user.id))?.role).toBe('user');
    expect(await lines('user.set-role')).toBe(0);
  });

  it('should keep the balance, the ledger and the sessions when a grant or a suspension fails to be audited', async () => {
    const user = await t.seed.user();
    const users = new UserAdminService({ ...t.services, audit });
    const heard: number[] = [];
    t.drive.events.on('credits.changed', ({ userId, credits }) => {
      if (userId === user.id) heard.push(credits);
    });
    const before = (await t.read.user(user.id))?.credits;
    await expect(users.adjustCredits(actor, user.id, 25)).rejects.toThrow('credits.grant failed');
    expect((await t.read.user(user.id))?.credits).toBe(before);
    const grants = await t.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', user.id)
      .where('reason', '=', 'admin-grant')
      .execute();
    expect(grants).toEqual([]);
    expect(heard).toEqual([]);

    await expect(users.suspend(actor, user.id)).rejects.toThrow('user.suspend failed');
    expect((await t.read.user(user.id))?.suspended_at).toBeNull();
    expect(await t.read.activeSessions(user.id)).toHaveLength(1);
    expect(await lines('credits.grant')).toBe(0);
    expect(await lines('user.suspend')).toBe(0);
  });

  it('should keep Pro as it was and announce nothing when giving Pro fails to be audited', async () => {
    const user = await t.seed.user();
    const heard: string[] = [];
    t.drive.events.on('user.changed', ({ userId }) => {
      if (userId === user.id) heard.push(userId);
    });
    const pro = new ProAdminService({
      db: t.db,
      audit,
      announceUser: (trx, userId) => t.drive.userAdmin.announceUser(trx, userId),
    });
    await expect(pro.givePro(actor, user.id, 30)).rejects.toThrow('pro.give failed');
    expect((await t.read.user(user.id))?.pro_expiry).toBeNull();
    expect(heard).toEqual([]);
    expect(await lines('pro.give')).toBe(0);
  });

  it('should keep a user’s flags when the flag’s audit line fails (the CLI’s users flag)', async () => {
    const user = await t.seed.user();
    const users = new UserAdminService({ ...t.services, audit });
    await expect(users.setFlag(actor, user.email, 'insider', true)).rejects.toThrow(
      'the audit line of user.flag failed',
    );
    expect((await t.read.user(user.id))?.flags).toBe('[]');
    expect(await lines('user.flag')).toBe(0);
    expect(await t.admin.users.setFlag(actor, user.email, 'insider', true)).toEqual(['insider']);
    expect(await lines('user.flag')).toBe(1);
  });

  it('should import no persona when the import’s audit line fails (the CLI’s personas import)', async () => {
    const personas = new PersonaAdminService({
      db: t.db,
      repo: t.services.personaRepository,
      personas: t.services.personas,
      avatars: t.services.avatars,
      audit,
      announceCatalog: () => undefined,
      knowledge: { claim: () => Promise.reject(new Error('no knowledge here')) },
    });
    const [record] = await t.admin.personas.exportRecords();
    if (!record) throw new Error('the test app has no catalog');
    const imported = { ...record, id: 'imported-in-one-transaction', name: 'Imported' };
    await expect(personas.importRecords(actor, [imported])).rejects.toThrow('the audit line of persona.import failed');
    expect(await t.services.personaRepository.findById(imported.id)).toBeUndefined();
    expect(await lines('persona.import')).toBe(0);
  });

  it('should keep a persona’s publication and order when their audit lines fail', async () => {
    const catalog = (await t.services.personaRepository.listAll()).filter((p) => p.owner_id === null);
    const first = catalog[0];
    if (!first) throw new Error('the test app has no catalog');
    let announced = 0;
    const personas = new PersonaAdminService({
      db: t.db,
      repo: t.services.personaRepository,
      personas: t.services.personas,
      avatars: t.services.avatars,
      audit,
      announceCatalog: () => {
        announced++;
      },
      knowledge: { claim: () => Promise.reject(new Error('no knowledge here')) },
    });
    await expect(personas.setPublished(actor, first.id, first.published !== 1)).rejects.toThrow('failed');
    expect((await t.services.personaRepository.findById(first.id))?.published).toBe(first.published);
    const reversed = catalog.map((p) => p.id).reverse();
    await expect(personas.reorderPersonas(actor, reversed)).rejects.toThrow('persona.reorder failed');
    const after = (await t.services.personaRepository.listAll()).filter((p) => p.owner_id === null);
    expect(after.map((p) => p.id)).toEqual(catalog.map((p) => p.id));
    expect(announced).toBe(0);
    expect(await lines('persona.reorder')).toBe(0);
  });

  it('should leave feedback open and a model price unset when their audit lines fail', async () => {
    const user = await t.seed.user();
    const repo = new FeedbackRepository(t.db);
    await repo.insert({
      id: 'fb-audit-tx',
      user_id: user.id,
      type: 'feedback',
      about: 'helpDocs.DocChats',
      message: null,
      created_at: new Date().toISOString(),
    });
    const feedback = new FeedbackAdminService(t.db, repo, audit);
    await expect(feedback.markFeedbackHandled(actor, 'fb-audit-tx', true)).rejects.toThrow('feedback.handled failed');
    expect((await repo.find('fb-audit-tx'))?.handled_at).toBeNull();

    const prices = new ConsoleReadModel({
      db: t.db,
      config: t.config,
      audit,
      users: t.services.userAdmin,
      billing: t.services.billingAdmin,
    });
    await expect(
      prices.setModelPrice(actor, { model: 'audit-tx-model', inputPerMTok: 1, outputPerMTok: 2 }),
    ).rejects.toThrow('model-price.set failed');
    expect((await prices.modelPrices()).some((p) => p.model === 'audit-tx-model')).toBe(false);
    expect(await lines('feedback.handled')).toBe(0);
    expect(await lines('model-price.set')).toBe(0);
  });
});

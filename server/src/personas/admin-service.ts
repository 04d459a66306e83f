import { type PersonaRecord, personaRecordSchema } from '@neura/contract';
import type { Actor, AuditLog } from '../audit/repository.js';
import { type Db, inTransaction } from '../db/database.js';
import type { PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { nowIso } from '../lib/time.js';
import type { AvatarFile, PersonaAvatars } from './avatar.js';
import { personaAvatarUrl, personaRow, toPersonaRecord } from './present.js';
import type { PersonaRepository } from './repository.js';
import type { PersonaService } from './service.js';

export interface PersonaAdminDeps {
  db: Db;
  repo: PersonaRepository;
  personas: PersonaService;
  avatars: PersonaAvatars;
  audit: AuditLog;
  /** Tells every open app that the catalog changed (`personas.changed`). */
  announceCatalog: () => void;
  /** Knowledge (documents/): every id must be the operator's own document; they are then kept as knowledge. */
  knowledge: { claim(userId: string, ids: readonly string[]): Promise<void> };
}

/** The fields that differ, before and after (the audit line of an edit). */
function changedFields(before: PersonaRecord, after: PersonaRecord) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys({ ...before, ...after }) as Array<keyof PersonaRecord>) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a };
}

/**
 * What an operator does to the persona catalog (the console's /api/admin/personas): through
 * personas' repository, each change with its audit line in its transaction; the catalog is
 * reloaded and announced once it committed.
 */
export class PersonaAdminService {
  constructor(private readonly d: PersonaAdminDeps) {}

  /**
   * A persona of the operator's catalog: undefined when there is none with that id, null when the
   * id is someone's own persona (issue #29: those are reviewed, unlisted and priced in the review
   * queue, never published, edited or given an avatar here).
   */
  private async catalogPersona(id: string): Promise<PersonaRow | null | undefined> {
    const row = await this.d.repo.findById(id);
    if (!row) return undefined;
    return row.owner_id == null ? row : null;
  }

  /**
   * The CLI's import: every persona and the audit line in one transaction (a failed line keeps the
   * catalog as it was); the catalog is reloaded and announced once it committed.
   */
  async importRecords(actor: Actor, records: unknown): Promise<number> {
    const count = await inTransaction(this.d.db, async (trx) => {
      const imported = await this.d.personas.importRecords(records, trx);
      await this.d.audit.record(
        actor,
        { action: 'persona.import', target: `${imported} persona(s)`, after: { count: imported } },
        trx,
      );
      return imported;
    });
    this.d.personas.invalidateCatalog();
    this.d.announceCatalog();
    return count;
  }

  /** Every persona of the catalog as records (the CLI's export). */
  exportRecords(): Promise<PersonaRecord[]> {
    return this.d.personas.exportRecords();
  }

  async listPersonas(): Promise<Array<PersonaRecord & { sortOrder: number }>> {
    return (await this.d.repo.listAll()).map((row) => ({ ...toPersonaRecord(row), sortOrder: row.sort_order }));
  }

  /** Creates or replaces a persona (validated as the CLI's import is); the catalog changes at once. */
  async savePersona(actor: Actor, input: unknown, expectExisting: boolean): Promise<PersonaRecord> {
    const parsed = personaRecordSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('request:invalid', `Invalid persona at ${issue?.path.join('.') || '?'}: ${issue?.message}`);
    }
    const record = parsed.data;
    const existing = await this.catalogPersona(record.id);
    // People's own personas are not the catalog's: their ids are neither edited nor taken here.
    if (!expectExisting && existing === null) throw new AppError('conflict', 'A persona with that id already exists.');
    if (expectExisting && !existing) throw new AppError('not-found', 'That persona does not exist.');
    if (!expectExisting && existing) throw new AppError('conflict', 'A persona with that id already exists.');
    const all = await this.d.repo.listAll();
    const order = existing ? existing.sort_order : Math.max(-1, ...all.map((p) => p.sort_order)) + 1;
    const row = personaRow(record, order);
    if (existing) row.created_at = existing.created_at;
    await this.claimKnowledge(actor, record.knowledge);
    await inTransaction(this.d.db, async (trx) => {
      await this.d.repo.upsert(row, trx);
      if (record.knowledge !== undefined) await this.d.repo.setKnowledge(record.id, record.knowledge, trx);
      const changed = existing ? changedFields(toPersonaRecord(existing), record) : undefined;
      await this.d.audit.record(
        actor,
        {
          action: existing ? 'persona.edit' : 'persona.create',
          target: record.id,
          before: changed ? changed.before : null,
          after: changed ? changed.after : record,
        },
        trx,
      );
    });
    this.catalogChanged();
    return record;
  }

  /** The operator's own documents only (400 otherwise; the command line, with no account, owns none). */
  private async claimKnowledge(actor: Actor, ids: readonly string[] | undefined): Promise<void> {
    if (ids?.length) await this.d.knowledge.claim(actor.id ?? '', ids);
  }

  async setPublished(actor: Actor, id: string, published: boolean): Promise<void> {
    const existing = await this.catalogPersona(id);
    if (!existing) throw new AppError('not-found', 'That persona does not exist.');
    await inTransaction(this.d.db, async (trx) => {
      await this.d.repo.setPublished(id, published, nowIso(), trx);
      await this.d.audit.record(
        actor,
        {
          action: published ? 'persona.publish' : 'persona.unpublish',
          target: id,
          before: { published: existing.published === 1 },
          after: { published },
        },
        trx,
      );
    });
    this.catalogChanged();
  }

  /**
   * Uploads a persona's avatar (checked and normalised by personas/avatar.ts; nothing is stored or
   * logged when the picture is refused); Explore and New Chat show it at once. The picture is a
   * stored file, not a row: its audit line is written once it is saved.
   */
  async setPersonaAvatar(actor: Actor, id: string, bytes: Buffer): Promise<{ avatarUrl: string }> {
    if (!(await this.catalogPersona(id))) throw new AppError('not-found', 'That persona does not exist.');
    const saved = await this.d.avatars.save(id, bytes);
    this.catalogChanged();
    await this.d.audit.record(actor, {
      action: 'persona.avatar',
      target: id,
      before: { avatar: saved.previous ? 'uploaded' : null },
      after: { avatar: 'uploaded', bytes: saved.size },
    });
    return { avatarUrl: personaAvatarUrl({ id, updated_at: saved.updatedAt }) };
  }

  /** Removes the uploaded avatar: the generated art shows again (audited once removed, as above). */
  async removePersonaAvatar(actor: Actor, id: string): Promise<boolean> {
    if (!(await this.catalogPersona(id))) throw new AppError('not-found', 'That persona does not exist.');
    const removed = await this.d.avatars.remove(id);
    if (!removed) return false;
    this.catalogChanged();
    await this.d.audit.record(actor, {
      action: 'persona.avatar-remove',
      target: id,
      before: { avatar: 'uploaded' },
      after: { avatar: null },
    });
    return true;
  }

  /** Any persona's avatar, published or not (the console's editor shows it). */
  personaAvatar(id: string): Promise<AvatarFile> {
    return this.d.avatars.read(id, () => true);
  }

  /** Puts the listed personas first, in that order (the others keep theirs after them). */
  async reorderPersonas(actor: Actor, ids: string[]): Promise<void> {
    const all = await this.d.repo.listAll();
    const known = new Set(all.map((p) => p.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new AppError('not-found', `No persona ${unknown}.`);
    const order = [...ids, ...all.map((p) => p.id).filter((id) => !ids.includes(id))];
    await inTransaction(this.d.db, async (trx) => {
      await this.d.repo.setOrder(order, nowIso(), trx);
      await this.d.audit.record(
        actor,
        { action: 'persona.reorder', target: 'catalog', before: all.map((p) => p.id), after: order },
        trx,
      );
    });
    this.catalogChanged();
  }

  private catalogChanged(): void {
    this.d.personas.invalidateCatalog();
    try {
      this.d.announceCatalog();
    } catch {
      // No sockets attached (the CLI without a server): apps see the change on their next load.
    }
  }
}

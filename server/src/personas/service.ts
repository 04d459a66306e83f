import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Persona, type PersonaRecord, personaRecordSchema } from '@neura/contract';
import { z } from 'zod';
import type { Executor } from '../db/database.js';
import type { PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { renderBackground, renderIcon } from './art.js';
import { artShown, assertCustomPersonaUsable } from './custom.js';
import { personaRow, presentPersona, toPersonaRecord } from './present.js';
import type { PersonaRepository } from './repository.js';
import { SEED_PERSONAS } from './seed-data.js';

/**
 * How often a cached catalog asks the database whether it changed: another process (the admin
 * CLI's import, a second app process) bumps the catalog's version there, and every process
 * serves the new catalog within this time; changes made through this process apply at once.
 */
export const CATALOG_CHECK_MS = 1000;

/** The published catalog, serialized once per version, with its ETag. */
export interface SerializedCatalog {
  version: string;
  etag: string;
  body: string;
}

const etagOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

export class PersonaService {
  private cached: SerializedCatalog | undefined;
  private checkedAt = 0;
  private loading: Promise<SerializedCatalog> | undefined;

  constructor(
    private readonly personas: PersonaRepository,
    private readonly checkMs = CATALOG_CHECK_MS,
  ) {}

  /**
   * GET /personas from memory: the serialized catalog and its ETag, rebuilt only when the
   * database's catalog version (newest update time and count) moved. At most one version query
   * per `checkMs`, and one at a time.
   */
  async catalog(): Promise<SerializedCatalog> {
    if (this.cached && performance.now() - this.checkedAt < this.checkMs) return this.cached;
    this.loading ??= this.refresh().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Drops the cached catalog (after a change made in this process). */
  invalidateCatalog(): void {
    this.cached = undefined;
  }

  private async refresh(): Promise<SerializedCatalog> {
    const version = await this.personas.lastUpdated();
    const cached = this.cached;
    if (cached?.version === version) {
      this.checkedAt = performance.now();
      return cached;
    }
    const body = JSON.stringify(await this.listPublished());
    // The ETag names the version (as before) so clients' cached copies stay valid across restarts.
    const next = { version, etag: etagOf(version), body };
    this.cached = next;
    this.checkedAt = performance.now();
    return next;
  }

  async listPublished(): Promise<Persona[]> {
    return (await this.personas.listPublished()).map(presentPersona);
  }

  /** A published persona by id (what chats may be created with); undefined otherwise. */
  async getPublished(id: string): Promise<PersonaRecord | undefined> {
    const row = await this.personas.findById(id);
    return row && row.published === 1 ? toPersonaRecord(row) : undefined;
  }

  /**
   * A persona `userId` may start a chat with: a published catalog persona, or a custom one the
   * user may use (personas/custom.ts: owner, unlisted or public; deleted → 409); else not-found.
   */
  async usableBy(id: string, userId: string): Promise<PersonaRecord> {
    return toPersonaRecord(await this.usableRow(id, userId));
  }

  /** `usableBy`'s row as stored (a new chat's send checks and uses it without reading it again). */
  async usableRow(id: string, userId: string): Promise<PersonaRow> {
    const row = await this.personas.findById(id);
    if (row && row.owner_id === null && row.published !== 1)
      throw new AppError('not-found', 'That persona is not available.');
    return assertCustomPersonaUsable(row, userId);
  }

  /** Any persona by id, published or not (names of existing chats, the reply engine). */
  async getAny(id: string): Promise<PersonaRecord | undefined> {
    const row = await this.personas.findById(id);
    return row ? toPersonaRecord(row) : undefined;
  }

  /**
   * The persona's artwork (SVG text) by id; unpublished and unknown personas are a 404. Custom
   * personas (issue #29): unlisted and public ones that are not deleted (the art is drawn from the
   * id alone; an `<img>` carries no bearer token), never private ones.
   */
  async image(id: string, kind: 'icon' | 'background'): Promise<string> {
    const row = await this.personas.findById(id);
    if (!row || !artShown(row)) throw new AppError('not-found', 'That persona is not available.');
    return kind === 'icon' ? renderIcon(row) : renderBackground(row);
  }

  /** The published catalog's artwork (SVG text), icons first: what the first page shows. */
  async catalogArt(): Promise<Array<{ svg: string; kind: 'icon' | 'background' }>> {
    const rows = await this.personas.listPublished();
    return [
      ...rows.map((row) => ({ svg: renderIcon(row), kind: 'icon' as const })),
      ...rows.map((row) => ({ svg: renderBackground(row), kind: 'background' as const })),
    ];
  }

  async catalogTag(): Promise<string> {
    return this.personas.lastUpdated();
  }

  /**
   * Writes the seed personas that are not in the catalog yet (by id); personas already there, also
   * ones an admin edited or unpublished, are left alone. Returns how many were written.
   */
  async seedCatalog(): Promise<number> {
    const existing = new Set((await this.personas.listAll()).map((p) => p.id));
    let written = 0;
    for (const [order, record] of SEED_PERSONAS.entries()) {
      if (existing.has(record.id)) continue;
      await this.personas.upsert(personaRow(personaRecordSchema.parse(record), order));
      written++;
    }
    if (written > 0) this.invalidateCatalog();
    return written;
  }

  /** Adds or replaces personas from a validated list (in `trx` when given: the admin import audits in it). */
  async importRecords(records: unknown, trx?: Executor): Promise<number> {
    const parsed = z.array(personaRecordSchema).safeParse(records);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('request:invalid', `Invalid persona at ${issue?.path.join('.') ?? '?'}: ${issue?.message}`);
    }
    let order = 0;
    try {
      for (const record of parsed.data) await this.personas.upsert(personaRow(record, order++), trx);
    } finally {
      this.invalidateCatalog();
    }
    return parsed.data.length;
  }

  async exportRecords(): Promise<PersonaRecord[]> {
    return (await this.personas.listAll()).map(toPersonaRecord);
  }
}

import { type Persona, type PersonaRecord, personaRecordSchema } from '@neura/contract';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { renderBackground, renderIcon } from './art.js';
import { personaRow, presentPersona, toPersonaRecord } from './present.js';
import type { PersonaRepository } from './repository.js';
import { SEED_PERSONAS } from './seed-data.js';

export class PersonaService {
  constructor(private readonly personas: PersonaRepository) {}

  async listPublished(): Promise<Persona[]> {
    return (await this.personas.listPublished()).map(presentPersona);
  }

  /** A published persona by id (what chats may be created with); undefined otherwise. */
  async getPublished(id: string): Promise<PersonaRecord | undefined> {
    const row = await this.personas.findById(id);
    return row && row.published === 1 ? toPersonaRecord(row) : undefined;
  }

  /** Any persona by id, published or not (names of existing chats, the reply engine). */
  async getAny(id: string): Promise<PersonaRecord | undefined> {
    const row = await this.personas.findById(id);
    return row ? toPersonaRecord(row) : undefined;
  }

  /** The persona's artwork (SVG text) by id; unpublished and unknown personas are a 404. */
  async image(id: string, kind: 'icon' | 'background'): Promise<string> {
    const persona = await this.getPublished(id);
    if (!persona) throw new AppError('not-found', 'That persona is not available.');
    return kind === 'icon' ? renderIcon(persona) : renderBackground(persona);
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
    return written;
  }

  async importRecords(records: unknown): Promise<number> {
    const parsed = z.array(personaRecordSchema).safeParse(records);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('request:invalid', `Invalid persona at ${issue?.path.join('.') ?? '?'}: ${issue?.message}`);
    }
    let order = 0;
    for (const record of parsed.data) await this.personas.upsert(personaRow(record, order++));
    return parsed.data.length;
  }

  async exportRecords(): Promise<PersonaRecord[]> {
    return (await this.personas.listAll()).map(toPersonaRecord);
  }
}

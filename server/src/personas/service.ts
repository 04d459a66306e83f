import { type Persona, type PersonaRecord, personaRecordSchema } from '@neura/contract';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { personaRow, presentPersona, toPersonaRecord } from './present.js';
import type { PersonaRepository } from './repository.js';
import { SEED_PERSONAS } from './seed-data.js';

export class PersonaService {
  constructor(private readonly personas: PersonaRepository) {}

  async listPublished(): Promise<Persona[]> {
    return (await this.personas.listPublished()).map(presentPersona);
  }

  async catalogTag(): Promise<string> {
    return this.personas.lastUpdated();
  }

  /** Seeds the starting catalog when there is none; returns how many were written. */
  async seedIfEmpty(): Promise<number> {
    if ((await this.personas.count()) > 0) return 0;
    return this.importRecords(SEED_PERSONAS);
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

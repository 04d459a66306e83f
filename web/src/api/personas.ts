import type { Persona } from '@neura/contract';
import { personasParser } from './guards';
import { api } from './http';

export function fetchPersonas(): Promise<Persona[]> {
  return api('/personas', {}, personasParser);
}

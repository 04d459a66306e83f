import { type Persona, personasResponseSchema } from '@neura/contract';
import { api } from './http';

export function fetchPersonas(): Promise<Persona[]> {
  return api('/personas', {}, personasResponseSchema);
}

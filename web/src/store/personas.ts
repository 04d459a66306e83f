import type { Persona } from '@neura/contract';
import { create } from 'zustand';

/** The personas the server offers, loaded once at start-up (GET /personas). */
export const usePersonas = create<{ personas: Persona[]; loaded: boolean }>()(() => ({ personas: [], loaded: false }));

export function setPersonas(personas: Persona[]): void {
  usePersonas.setState({ personas, loaded: true });
}

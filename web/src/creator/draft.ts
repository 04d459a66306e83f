import { type FormValues, formValuesSchema } from './form-model';

/** The fields of a new, unsaved persona, kept in localStorage per account so a reload loses nothing. */
const KEY = 'neura:creator-draft';

interface StoredDraft {
  owner: string;
  values: FormValues;
}

export function loadDraft(owner: string): FormValues | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (stored.owner !== owner) return null;
    const parsed = formValuesSchema.safeParse(stored.values);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(owner: string, values: FormValues): boolean {
  try {
    localStorage.setItem(KEY, JSON.stringify({ owner, values } satisfies StoredDraft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: nothing was kept either
  }
}

/** True when the draft holds nothing worth keeping. */
export function isBlank(v: FormValues): boolean {
  return (
    !v.name.trim() &&
    !v.tagline.trim() &&
    !v.description.trim() &&
    !v.instructions.trim() &&
    !v.greeting.trim() &&
    v.prompts.every((p) => !p.trim())
  );
}

/** What survives a reload, read with defaults so a corrupt or old value never breaks start-up. */
export interface Persisted {
  token: string | null;
  blackout: boolean;
  theme: 'dark' | 'light';
  introFinished: boolean;
}

const KEY = 'neura:persisted';

/** Each field on its own: a wrong type falls back to its default and the others are kept. */
function fromValue(value: unknown): Persisted {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    token: typeof v.token === 'string' ? v.token : null,
    blackout: typeof v.blackout === 'boolean' ? v.blackout : false,
    theme: v.theme === 'light' ? 'light' : 'dark',
    introFinished: typeof v.introFinished === 'boolean' ? v.introFinished : false,
  };
}

export function readPersisted(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Persisted {
  try {
    const raw = storage?.getItem(KEY);
    return fromValue(raw ? JSON.parse(raw) : {});
  } catch {
    return fromValue({});
  }
}

export function writePersisted(
  value: Persisted,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(value));
  } catch {
    // Private mode or quota: the session still works, it just is not remembered.
  }
}

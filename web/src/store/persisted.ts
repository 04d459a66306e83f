import { z } from 'zod';

/** What survives a reload, parsed with defaults so a corrupt or old value never breaks start-up. */
const persistedSchema = z.object({
  token: z.string().nullable().catch(null).default(null),
  blackout: z.boolean().catch(false).default(false),
  theme: z.enum(['dark', 'light']).catch('dark').default('dark'),
  introFinished: z.boolean().catch(false).default(false),
});
export type Persisted = z.infer<typeof persistedSchema>;

const KEY = 'neura:persisted';

export function readPersisted(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Persisted {
  try {
    const raw = storage?.getItem(KEY);
    return persistedSchema.parse(raw ? JSON.parse(raw) : {});
  } catch {
    return persistedSchema.parse({});
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

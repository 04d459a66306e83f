/**
 * Catalogs are switched in place (issue #43): the en-US objects every component imports
 * (`texts`, `billingTexts`, …) get the active locale's texts written into them, key by key, so every
 * import — and every nested object a module kept, like `const t = texts.chat` — reads the active
 * language without a single import changing.
 */
export type Tree = Record<string, unknown>;

const isPlain = (v: unknown): v is Tree =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A deep copy of a catalog: objects and arrays copied, strings and functions as they are. */
export function snapshot<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => snapshot(v)) as T;
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v)])) as T;
  return value;
}

/** Writes `source` into `target` (same shape): nested objects and arrays are kept and filled in place. */
export function applyInPlace(target: Tree, source: Tree): void {
  for (const key of Object.keys(target)) {
    const from = source[key];
    if (from === undefined) continue;
    const to = target[key];
    if (isPlain(to) && isPlain(from)) {
      applyInPlace(to, from);
    } else if (Array.isArray(to) && Array.isArray(from)) {
      const copy = snapshot(from);
      to.splice(0, to.length, ...copy);
    } else {
      target[key] = from;
    }
  }
}

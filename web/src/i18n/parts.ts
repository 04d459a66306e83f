import { applyInPlace, snapshot, type Tree } from './apply';
import { type AppLocale, PSEUDO_LOCALE } from './detect';
import type { TranslatedLocale } from './loaders';

/**
 * Feature catalogs registered at run time (wave 4): a feature's lazy code registers its en-US texts
 * object and one loader per translated locale; the active locale's texts are written into it at once
 * and again on every switch. Adding a feature's texts touches no file of the runtime: the feature
 * keeps `web/src/texts/<feature>.ts` (en-US, calling `registerPart`) and
 * `web/src/texts/locales/<locale>/<feature>.ts`, and waits for the returned promise before rendering.
 */
export type PartLoaders<C> = Record<TranslatedLocale, () => Promise<C>>;

interface Registered {
  target: Tree;
  en: Tree;
  loaders: PartLoaders<Tree>;
}

const parts = new Map<string, Registered>();
let locale: AppLocale = 'en-US';
let generation = 0;

async function catalogFor(active: AppLocale, part: Registered): Promise<Tree> {
  if (active === PSEUDO_LOCALE) {
    const { pseudoCatalog } = await import('./pseudo');
    return pseudoCatalog(part.en);
  }
  const load = (part.loaders as Partial<Record<AppLocale, () => Promise<Tree>>>)[active];
  return load ? load() : part.en;
}

const ready = new Map<string, Promise<void>>();

/**
 * Registers a feature's catalog (once per name; a second call returns the first's promise) and
 * resolves when the active locale's texts are written into `target`.
 *
 * @public (the wave-4 features register through it)
 */
export function registerPart<C extends object>(name: string, target: C, loaders: PartLoaders<C>): Promise<void> {
  const known = ready.get(name);
  if (known) return known;
  const part: Registered = {
    target: target as unknown as Tree,
    en: snapshot(target as unknown as Tree),
    loaders: loaders as unknown as PartLoaders<Tree>,
  };
  parts.set(name, part);
  const mine = generation;
  const applied = catalogFor(locale, part).then((catalog) => {
    if (mine === generation) applyInPlace(part.target, catalog);
  });
  ready.set(name, applied);
  return applied;
}

/** Loads every registered part in `next` and returns the step that writes them in (the runtime calls it). */
export async function partsFor(next: AppLocale): Promise<() => void> {
  const loaded = await Promise.all([...parts.values()].map(async (p) => [p, await catalogFor(next, p)] as const));
  return () => {
    generation += 1;
    locale = next;
    for (const [part, catalog] of loaded) applyInPlace(part.target, catalog);
    const mine = generation;
    for (const part of parts.values()) {
      if (loaded.some(([p]) => p === part)) continue;
      // Registered while this switch was loading: it still gets the new locale.
      void catalogFor(next, part).then((catalog) => {
        if (mine === generation) applyInPlace(part.target, catalog);
      });
    }
  };
}

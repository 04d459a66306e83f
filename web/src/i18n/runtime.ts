import { RTL_LOCALES } from '@neura/contract';
import { relocalizePersonas } from '../store/personas';
import type {
  AdminCatalog,
  CreatorCatalog,
  IoCatalog,
  MainCatalog,
  MemoryCatalog,
  SuggestionCatalog,
} from '../texts/catalog';
import { setCurrentLocale } from '../texts/format';
import { platformTexts, texts } from '../texts/texts';
import { announceLocale, getLocale } from './active-locale';
import { applyInPlace, snapshot, type Tree } from './apply';
import { type AppLocale, PSEUDO_LOCALE } from './detect';
import {
  adminLoaders,
  creatorLoaders,
  ioLoaders,
  mainLoaders,
  memoryLoaders,
  suggestionLoaders,
  type TranslatedLocale,
} from './loaders';
import { partsFor } from './parts';

/**
 * The language runtime (issue #43): which locale is active, loading its catalogs (one lazy chunk
 * each) and writing them into the en-US objects the app imports, `<html lang dir>`, and telling
 * React (the root re-renders, keyed on the locale). en-US needs no chunk: its texts are the build's.
 */

/** A part loaded with a lazy route: its en-US object (the target) and a copy of its en-US texts. */
interface Part<C> {
  target: C;
  en: C;
}
const part = <C>(target: C): Part<C> => ({ target, en: snapshot(target) });

/** The main catalog's en-US objects; the lazy chunks' share of them (texts/app-texts) is imported on the first switch. */
let main: Part<MainCatalog> | undefined;

async function mainLoaded(): Promise<Part<MainCatalog>> {
  if (!main) {
    const rest = await import('../texts/app-texts');
    const { appTexts, billingTexts, skillTexts, messageActionTexts, replyTexts, mediaTexts } = rest;
    main ??= part<MainCatalog>({
      // The catalogs' `texts` is both objects: their sections are shared, so writing one writes the other.
      texts: { ...texts, ...appTexts },
      billingTexts,
      skillTexts,
      platformTexts,
      messageActionTexts,
      replyTexts,
      mediaTexts,
    });
  }
  return main;
}

/** Memory's, search/sharing/data's and the suggested first messages: the chat, its menu, Settings; fetched with main. */
interface FirstRouteParts {
  memory: Part<MemoryCatalog>;
  io: Part<IoCatalog>;
  suggestions: Part<SuggestionCatalog>;
}
let firstRoute: FirstRouteParts | undefined;
let creatorPart: Part<CreatorCatalog> | undefined;
let adminPart: Part<AdminCatalog> | undefined;

let generation = 0;

export { getLocale };

const isTranslated = (locale: AppLocale): locale is TranslatedLocale => locale in mainLoaders;

async function pseudoOf<C>(en: C): Promise<C> {
  const { pseudoCatalog } = await import('./pseudo');
  return pseudoCatalog(en);
}

function catalogOf<C>(locale: AppLocale, en: C, load?: () => Promise<C>): Promise<C> {
  if (locale === PSEUDO_LOCALE) return pseudoOf(en);
  return load ? load() : Promise.resolve(en);
}

async function creatorPartLoaded(): Promise<Part<CreatorCatalog>> {
  if (!creatorPart) {
    const { creatorTexts } = await import('../texts/creator');
    creatorPart ??= { target: creatorTexts, en: snapshot(creatorTexts) };
  }
  return creatorPart;
}

/** Their en-US texts are not in the entry chunk (the pages using them are lazy): imported here. */
async function firstRoutePartsLoaded(): Promise<FirstRouteParts> {
  if (!firstRoute) {
    const [{ memoryTexts }, { ioTexts }, { suggestionTexts }] = await Promise.all([
      import('../texts/memory'),
      import('../texts/io'),
      import('../texts/suggestions'),
    ]);
    firstRoute ??= { memory: part(memoryTexts), io: part(ioTexts), suggestions: part(suggestionTexts) };
  }
  return firstRoute;
}

async function load(locale: AppLocale) {
  const translated = isTranslated(locale) ? locale : undefined;
  const [enMain, creator, { memory, io, suggestions }] = await Promise.all([
    mainLoaded(),
    creatorPartLoaded(),
    firstRoutePartsLoaded(),
  ]);
  return Promise.all([
    catalogOf(locale, enMain.en, translated && (() => mainLoaders[translated]().then((m) => m.main))),
    catalogOf(locale, creator.en, translated && (() => creatorLoaders[translated]().then((m) => m.creator))),
    catalogOf(locale, memory.en, translated && (() => memoryLoaders[translated]().then((m) => m.memory))),
    catalogOf(locale, io.en, translated && (() => ioLoaders[translated]().then((m) => m.io))),
    catalogOf(locale, suggestions.en, translated && (() => suggestionLoaders[translated]().then((m) => m.suggestions))),
    adminPart
      ? catalogOf(locale, adminPart.en, translated && (() => adminLoaders[translated]().then((m) => m.admin)))
      : undefined,
  ]);
}

function reflect(locale: AppLocale): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = locale;
  root.dir = (RTL_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
}

/**
 * Switches the interface to `locale`: fetches its catalogs (the active locale's only), writes them
 * in, sets `<html lang dir>` and tells the app. A newer call wins over one still loading.
 */
export async function setLocale(locale: AppLocale): Promise<void> {
  const mine = ++generation;
  const [[mainCatalog, creator, memory, io, suggestions, admin], applyParts] = await Promise.all([
    load(locale),
    partsFor(locale),
  ]);
  if (mine !== generation) return;
  applyParts();
  if (main) {
    applyInPlace(main.target as unknown as Tree, mainCatalog as unknown as Tree);
    // Its texts' top-level strings (the sections are shared objects) go back into `texts` itself.
    applyInPlace(texts as unknown as Tree, main.target.texts as unknown as Tree);
  }
  if (firstRoute) {
    applyInPlace(firstRoute.memory.target as unknown as Tree, memory as unknown as Tree);
    applyInPlace(firstRoute.io.target as unknown as Tree, io as unknown as Tree);
    applyInPlace(firstRoute.suggestions.target as unknown as Tree, suggestions as unknown as Tree);
  }
  if (creatorPart) applyInPlace(creatorPart.target as unknown as Tree, creator as unknown as Tree);
  if (adminPart && admin) applyInPlace(adminPart.target as unknown as Tree, admin as unknown as Tree);
  setCurrentLocale(locale === PSEUDO_LOCALE ? 'en-US' : locale);
  relocalizePersonas();
  reflect(locale);
  announceLocale(locale);
}

/** The console's texts in the active locale: its lazy route waits for this (issue #43). */
export async function loadAdminCatalog(): Promise<void> {
  if (!adminPart) {
    const { adminTexts } = await import('../texts/admin');
    adminPart ??= { target: adminTexts as AdminCatalog, en: snapshot(adminTexts as AdminCatalog) };
  }
  const locale = getLocale();
  const translated = isTranslated(locale) ? locale : undefined;
  const admin = await catalogOf(
    locale,
    adminPart.en,
    translated && (() => adminLoaders[translated]().then((m) => m.admin)),
  );
  if (locale === getLocale()) applyInPlace(adminPart.target as unknown as Tree, admin as unknown as Tree);
}

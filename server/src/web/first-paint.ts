import { EXPLORE_BREAKPOINTS, EXPLORE_CAROUSELS, type Locale, type Persona, RTL_LOCALES } from '@neura/contract';

/**
 * The first paint of a visitor's Explore (issue #50, LCP): index.html as served for "/" carries the
 * published catalog (a JSON block the app reads instead of asking GET /personas) and a static copy
 * of Explore's first screen, so the featured card's image paints with the page, not after the app's
 * JS. The copy is an overlay (`#first-paint`, fixed, aria-hidden, nothing focusable) over the app's
 * own placeholder: the app removes it once its Explore has rendered the same cards (or at once on
 * another page, for a signed-in user, or in another language: index.html's early script), so
 * nothing under it moves (CLS 0). Interface texts are skeleton bars (the server holds no web
 * catalog); the personas' names and descriptions are in the visitor's language, like the app's.
 * Every catalog text is escaped: people's own published personas are user data.
 */

/** Where index.html takes the first paint (web/index.html). */
export const FIRST_PAINT_MARKER = '<!--first-paint-->';

/** Cards per carousel in the copy: more than any width shows in one screen (3.5 at most). */
const CARDS_PER_CAROUSEL = 4;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values for HTML. */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/**
 * JSON inside a `<script type="application/json">`: no `<` at all (so no `</script>` nor `<!--`), and
 * the line separators JavaScript once refused, as escapes. JSON.parse reads it back unchanged.
 */
const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The persona in `locale` (web/src/store/personas.ts `localizedPersona`, for the name and description). */
function localized(persona: Persona, locale: Locale): { name: string; description: string } {
  const t = persona.translations?.[locale];
  return { name: t?.name || persona.name, description: t?.description || persona.description };
}

/** A persona's icon: its uploaded avatar (a path of this server) or the art of its id. */
function iconUrl(persona: Persona, apiPrefix: string): string {
  const avatar = persona.avatarUrl;
  if (avatar?.startsWith('/') && !avatar.startsWith('//')) return avatar;
  return `${apiPrefix}/personas/${encodeURIComponent(persona.id)}/icon.webp`;
}

/** A skeleton bar standing for an interface text (`height` the text's line, the bar a little less). */
const bar = (height: number, width: string) =>
  `<div style="height:${height}px;display:flex;align-items:center"><div class="rounded bg-surface-3" style="height:${Math.round(height * 0.7)}px;width:${width}"></div></div>`;

/** web/src/personas/persona-card.tsx, without its button (the copy is never interactive). */
function card(persona: Persona, featured: boolean, priority: boolean, locale: Locale, apiPrefix: string): string {
  const { name, description } = localized(persona, locale);
  const id = encodeURIComponent(persona.id);
  const size = featured ? 56 : 48;
  const image = featured
    ? `<img src="${apiPrefix}/personas/${id}/background.webp" alt="" ${priority ? 'fetchpriority="high"' : 'loading="lazy"'} draggable="false" class="absolute inset-0 h-full w-full object-cover">` +
      '<div class="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-transparent"></div>'
    : '';
  const tagline = persona.tagline
    ? `<p class="line-clamp-1 text-sm font-medium ${featured ? 'text-white' : 'text-fg'}">${escapeHtml(persona.tagline)}</p>`
    : '';
  return (
    `<div class="relative flex h-full flex-col overflow-hidden rounded-2xl border border-border ${featured ? 'min-h-56 bg-surface-3' : 'min-h-44 bg-surface-2'}">${image}` +
    `<div class="relative flex flex-1 flex-col gap-2 p-4 ${featured ? 'justify-end text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.5)]' : ''}">` +
    '<div class="flex items-start gap-3">' +
    `<img src="${escapeHtml(iconUrl(persona, apiPrefix))}" alt="" width="${size}" height="${size}" loading="lazy" draggable="false" class="shrink-0 rounded-xl bg-surface-3 object-cover ${featured ? 'shadow-lg ring-2 ring-white/30' : ''}" style="width:${size}px;height:${size}px">` +
    '<div class="min-w-0 flex-1">' +
    `<div class="flex items-center gap-2 font-semibold"><span class="truncate">${escapeHtml(name)}</span></div>${tagline}` +
    `<p class="${persona.tagline ? 'line-clamp-2' : 'line-clamp-3'} text-sm ${featured ? 'text-white/85' : 'text-muted'}">${escapeHtml(description)}</p>` +
    '</div></div>' +
    `<div class="relative z-10 flex ${featured ? '' : 'mt-auto'}"><div class="rounded-full bg-surface/90 ring-1 ring-border" style="height:20px;width:8.5rem"></div></div>` +
    '</div></div>'
  );
}

/** web/src/explore/persona-carousel.tsx: a title, the desktop's two arrows, a strip of cards. */
function carousel(personas: Persona[], featured: boolean, locale: Locale, apiPrefix: string): string {
  const arrow = (dim: boolean) =>
    `<div class="hidden h-8 w-8 rounded-full bg-surface-3 sm:flex"${dim ? ' style="opacity:.3"' : ''}></div>`;
  const items = personas
    .slice(0, CARDS_PER_CAROUSEL)
    .map(
      (p, i) =>
        `<li class="shrink-0 snap-start pe-3">${card(p, featured, featured && i === 0, locale, apiPrefix)}</li>`,
    )
    .join('');
  return (
    `<section class="flex flex-col gap-2 [content-visibility:auto] ${featured ? '[contain-intrinsic-size:auto_268px] sm:[contain-intrinsic-size:auto_272px]' : '[contain-intrinsic-size:auto_220px] sm:[contain-intrinsic-size:auto_224px]'}"><div class="flex items-center gap-2 px-4">` +
    `<div class="flex-1">${bar(28, '9rem')}</div>${arrow(true)}${arrow(personas.length <= 1)}</div>` +
    `<ul class="flex snap-x snap-mandatory scroll-px-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none]">${items}</ul></section>`
  );
}

/** web/src/app/sidebar.tsx for a visitor (desktop): New Chat, the sign-in prompt and its button. */
const sidebar =
  '<div class="hidden h-full w-72 shrink-0 flex-col gap-3 border-e border-border bg-surface-2 p-3 lg:flex">' +
  `<div class="rounded-xl bg-accent" style="height:48px"></div><div class="flex flex-col gap-3 p-1">${bar(20, '90%')}${bar(20, '60%')}` +
  '<div class="rounded-lg border border-border" style="height:38px"></div></div></div>';

/** web/src/app/header.tsx: the left button (+ on Explore), the title, help. */
const header =
  '<div class="relative flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface/95 px-2">' +
  '<div class="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-2xl">+</div>' +
  `<div class="flex min-w-0 flex-1 justify-center">${bar(28, '10rem')}</div>` +
  '<div class="box-border flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-border text-base leading-none font-semibold">?</div></div>';

/** web/src/app/footer.tsx's icons: the phone's tab bar (Explore, Chats, Create, Settings). */
const TAB_ICONS = [
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.5 6.5-2 5-5 2 2-5 5-2Z',
  'M4 5h16v10H8l-4 4V5Z',
  'M12 5v14M5 12h14',
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.6 7.6 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.6 7.6 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
];
const footer =
  '<div class="relative shrink-0 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] lg:hidden"><ul class="mx-auto flex max-w-lg justify-around">' +
  TAB_ICONS.map(
    (d, i) =>
      `<li class="flex min-w-16 flex-col items-center gap-0.5 px-3 py-2 text-xs ${i === 0 ? 'text-fg' : 'text-muted'}">` +
      `<svg viewBox="0 0 24 24" class="h-5 w-5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round"><path d="${d}"/></svg>` +
      `${bar(16, '2.5rem')}</li>`,
  ).join('') +
  '</ul></div>';

/** The carousel cards' widths per breakpoint (use-slides-per-view.ts), as CSS. */
const slideWidths = () =>
  EXPLORE_BREAKPOINTS.map((bp) => {
    const rule = `#first-paint .snap-x>li{width:${(100 / bp.slidesPerView).toFixed(4)}%}`;
    return bp.minWidth === 0 ? rule : `@media (min-width:${bp.minWidth}px){${rule}}`;
  }).join('');

/**
 * The catalog as the page carries it: each persona with its translation for `locale` only (the
 * others are most of the catalog's weight, and the app asks for the whole catalog at start-up).
 */
function catalogForPage(catalog: Persona[], locale: Locale): Persona[] {
  return catalog.map((p) => {
    if (!p.translations) return p;
    const own = p.translations[locale];
    return { ...p, translations: own ? { [locale]: own } : {} };
  });
}

/**
 * The catalog block and the overlay for a visitor's Explore in `locale`. The overlay is laid out only
 * once the parser has reached its end (a style at its start hides it, one at its end shows it): on a
 * busy device Chromium can paint while the parser is still inside it, and what came later then moved
 * what was painted (a featured card's name rose as its price arrived, the tab bar grew as its labels
 * did; layout shifts the handover test saw under load).
 */
export function renderFirstPaint(catalog: Persona[], locale: Locale, apiPrefix: string): string {
  const dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  const carousels = EXPLORE_CAROUSELS.map(({ tag }) => {
    const personas = catalog.filter((p) => p.published && p.tags.includes(tag));
    return personas.length === 0 ? '' : carousel(personas, tag === 'featured', locale, apiPrefix);
  }).join('');
  const page =
    `<div class="flex h-full min-w-0 flex-1 flex-col">${header}` +
    '<div class="min-h-0 flex-1 overflow-hidden"><div class="mx-auto flex w-full max-w-6xl flex-col gap-6 py-4">' +
    `<div class="px-4">${bar(32, '8rem')}</div>${carousels}</div></div>${footer}</div>`;
  return (
    `<div id="first-paint" aria-hidden="true" data-locale="${escapeHtml(locale)}" lang="${escapeHtml(locale)}" dir="${dir}" ` +
    'class="flex bg-surface text-fg" style="position:fixed;inset:0;z-index:60;overflow:hidden">' +
    `<style>#first-paint{display:none}${slideWidths()}</style>${sidebar}${page}<style>#first-paint{display:flex}</style></div>` +
    `<script type="application/json" id="first-catalog">${jsonForScript(catalogForPage(catalog, locale))}</script>`
  );
}

import { HELP_DOCS, type HelpDocName } from '@neura/contract';
import { currentLocale } from '../texts/format';

/**
 * The help documents, one markdown file each, loaded lazily (one small chunk per document): en-US in
 * `docs/`, each other locale's in `docs/<locale>/` (issue #43; en-US when a locale lacks one).
 */
const loaders = import.meta.glob<string>(['./docs/*.md', './docs/*/*.md'], { query: '?raw', import: 'default' });

/** A known document name, or DocNotFound for anything else (SPEC.md §8). */
export function resolveDocName(name: string): HelpDocName {
  return (HELP_DOCS as readonly string[]).includes(name) ? (name as HelpDocName) : 'DocNotFound';
}

export async function loadHelpDoc(name: string): Promise<{ name: HelpDocName; markdown: string }> {
  const resolved = resolveDocName(name);
  const load = loaders[`./docs/${currentLocale()}/${resolved}.md`] ?? loaders[`./docs/${resolved}.md`];
  if (!load) throw new Error(`Help document ${resolved} is missing from the build`);
  return { name: resolved, markdown: await load() };
}

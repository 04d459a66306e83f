import { HELP_DOCS, type HelpDocName } from '@neura/contract';

/** The help documents, one markdown file each, loaded lazily (one small chunk per document). */
const loaders = import.meta.glob<string>('./docs/*.md', { query: '?raw', import: 'default' });

export const DEFAULT_HELP_DOC: HelpDocName = 'DocIndex';

/** A known document name, or DocNotFound for anything else (SPEC.md §8). */
export function resolveDocName(name: string): HelpDocName {
  return (HELP_DOCS as readonly string[]).includes(name) ? (name as HelpDocName) : 'DocNotFound';
}

export async function loadHelpDoc(name: string): Promise<{ name: HelpDocName; markdown: string }> {
  const resolved = resolveDocName(name);
  const load = loaders[`./docs/${resolved}.md`];
  if (!load) throw new Error(`Help document ${resolved} is missing from the build`);
  return { name: resolved, markdown: await load() };
}

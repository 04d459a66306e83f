import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Markdown } from '../ui/lazy-markdown';
import { useLocalizedMarkdown } from './localized-markdown';
import notes from './release-notes.md?raw';

/** The other locales' release notes (`release-notes.<locale>.md`), each a lazy chunk. */
const translated = import.meta.glob<string>('./release-notes.*.md', { query: '?raw', import: 'default' });

/**
 * The release notes for users: release-notes.md (what changed for them, by app version), read at
 * build time, without its own top heading. CHANGELOG.md is the operators' log and stays out of the app.
 */
const withoutHeading = (markdown: string) => markdown.replace(/^#\s[^\n]*\n+/, '');

export default function ChangelogPage() {
  const body = withoutHeading(useLocalizedMarkdown(notes, translated, 'release-notes'));
  return (
    <article className="mx-auto max-w-3xl p-4 lg:p-8">
      <h2 className="mb-1 text-2xl font-semibold">{texts.titles.changelog}</h2>
      <p className="mb-6 text-muted">{appTexts.changelog.intro}</p>
      <Markdown>{body}</Markdown>
    </article>
  );
}

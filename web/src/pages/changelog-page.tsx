import changelog from '../../../CHANGELOG.md?raw';
import { texts } from '../texts/texts';
import { Markdown } from '../ui/lazy-markdown';

/** The release notes: CHANGELOG.md, read at build time, without its own top heading. */
const body = changelog.replace(/^#\s[^\n]*\n+/, '');

export default function ChangelogPage() {
  return (
    <article className="mx-auto max-w-3xl p-4 lg:p-8">
      <h2 className="mb-1 text-2xl font-semibold">{texts.titles.changelog}</h2>
      <p className="mb-6 text-muted">{texts.changelog.intro}</p>
      <Markdown>{body}</Markdown>
    </article>
  );
}

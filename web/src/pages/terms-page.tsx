import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Markdown } from '../ui/lazy-markdown';
import { useLocalizedMarkdown } from './localized-markdown';
import terms from './terms.md?raw';

/** The other locales' terms (`terms.<locale>.md`), each a lazy chunk. */
const translated = import.meta.glob<string>('./terms.*.md', { query: '?raw', import: 'default' });

/** Terms of Use (also where /privacy lands). */
export default function TermsPage() {
  const markdown = useLocalizedMarkdown(terms, translated, 'terms');
  return (
    <article className="mx-auto max-w-3xl p-4 lg:p-8">
      <h2 className="mb-1 text-2xl font-semibold">{texts.titles.terms}</h2>
      <p className="mb-6 text-sm text-muted">{appTexts.terms.updated}</p>
      <Markdown>{markdown}</Markdown>
    </article>
  );
}

import { hostOf } from './tool-frame';

/** Markdown → a short plain excerpt for the card (the model got the full text). */
export function excerptOf(markdown: string, max = 280): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** read_url: the page's title (a link), its site and an excerpt. */
export function ReadPageCard({ output }: { output: { url: string; title: string; content: string } }) {
  return (
    <div className="min-w-0" data-testid="read-page">
      <a
        href={output.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="block truncate font-medium text-accent-text hover:underline"
      >
        {output.title}
      </a>
      <p className="text-xs text-muted">{hostOf(output.url)}</p>
      <p className="mt-1 line-clamp-3 text-muted">{excerptOf(output.content)}</p>
    </div>
  );
}

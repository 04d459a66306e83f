import type { WebSearchResult } from '@neura/contract';
import { useState } from 'react';
import { skillTexts } from '../../texts/app-texts';
import { ProxiedImg } from '../../ui/outside-image';
import { hostOf } from './tool-frame';

function Favicon({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  const letter = hostOf(url).charAt(0).toUpperCase();
  if (failed) {
    return (
      <span aria-hidden="true" className="flex h-4 w-4 items-center justify-center rounded bg-surface-3 text-[10px]">
        {letter}
      </span>
    );
  }
  let src = '';
  try {
    src = new URL('/favicon.ico', url).toString();
  } catch {
    // judged by onError below
  }
  return (
    <ProxiedImg
      src={src}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="h-4 w-4 rounded"
      onError={() => setFailed(true)}
    />
  );
}

/** web_search: the results with favicon, domain, title link and snippet. */
export function SearchResultsCard({ results }: { results: WebSearchResult[] }) {
  if (results.length === 0) return <p className="text-muted">{skillTexts.noResults}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="search-results">
      {results.map((r) => (
        <li key={r.url} className="min-w-0">
          <div className="flex items-center gap-1.5 text-xs text-muted">
            <Favicon url={r.url} />
            <span className="truncate">{hostOf(r.url)}</span>
          </div>
          <a
            href={r.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="block truncate font-medium text-accent-text hover:underline"
          >
            {r.title}
          </a>
          {r.snippet ? <p className="line-clamp-2 text-muted">{r.snippet}</p> : null}
        </li>
      ))}
    </ol>
  );
}

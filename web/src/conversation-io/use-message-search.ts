import type { SearchHit } from '@neura/contract';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { useSearchPages } from './queries/search';
import { distinctHits } from './snippet-text';

const DEBOUNCE_MS = 250;
export const MIN_QUERY = 2;

export interface MessageSearch {
  items: SearchHit[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
}

/** The text once it has stayed the same for `ms`. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** Full-text search as the user types (debounced; a newer query cancels the older request). */
export function useMessageSearch(query: string): MessageSearch {
  const q = query.trim();
  const settled = useSettled(q, DEBOUNCE_MS);
  const long = q.length >= MIN_QUERY;
  const typing = settled !== q;
  const pages = useSearchPages(settled, long && !typing);
  // One result per text (a reply and its earlier version with the same words are one).
  const items = useMemo(() => {
    const all: SearchHit[] = [];
    for (const page of pages.data?.pages ?? []) all.push(...distinctHits(page.items, all));
    return all;
  }, [pages.data]);
  if (!long) return { items: [], loading: false, error: null, hasMore: false, loadMore: () => undefined };
  if (typing) return { items: [], loading: true, error: null, hasMore: false, loadMore: () => undefined };
  return {
    items,
    loading: pages.isFetching,
    error: pages.error ? errorMessage(pages.error) : null,
    hasMore: pages.hasNextPage,
    loadMore: () => {
      if (pages.hasNextPage && !pages.isFetching) void pages.fetchNextPage();
    },
  };
}

import type { SearchHit } from '@neura/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { searchMessages } from './io-api';
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

/** Full-text search as the user types (debounced; a newer query cancels the older request). */
export function useMessageSearch(query: string): MessageSearch {
  const q = query.trim();
  const [items, setItems] = useState<SearchHit[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (text: string, offset: number) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setLoading(true);
    setError(null);
    try {
      const page = await searchMessages(text, offset, abort.signal);
      // One result per text (a reply and its earlier version with the same words are one).
      setItems((prev) => (offset === 0 ? distinctHits(page.items) : [...prev, ...distinctHits(page.items, prev)]));
      setNext(page.nextOffset);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setError(errorMessage(err));
    }
    if (controller.current === abort) setLoading(false);
  }, []);

  useEffect(() => {
    setItems([]);
    setNext(null);
    setError(null);
    if (q.length < MIN_QUERY) {
      controller.current?.abort();
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => void run(q, 0), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, run]);

  const loadMore = useCallback(() => {
    if (next !== null && !loading) void run(q, next);
  }, [next, loading, q, run]);

  return { items, loading, error, hasMore: next !== null, loadMore };
}

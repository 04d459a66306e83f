import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { getLocale, subscribeLocale } from './active-locale';

/** The active locale, re-rendering on change. */
export const useLocale = () => useSyncExternalStore(subscribeLocale, getLocale, getLocale);

/**
 * The app under its locale: a change of language renders the tree again from the root (keyed), so
 * every text read from the catalog during render is the new one.
 */
export function LocaleRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLocale()}>{children}</Fragment>;
}

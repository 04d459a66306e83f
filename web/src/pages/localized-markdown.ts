import { useEffect, useState } from 'react';
import { currentLocale } from '../texts/format';

/**
 * A page's markdown in the active locale (issue #43): `<name>.<locale>.md` next to the en-US file,
 * loaded lazily when that locale has one (nothing shown until it arrives); else the en-US text.
 */
export function useLocalizedMarkdown(
  enUS: string,
  loaders: Record<string, () => Promise<string>>,
  name: string,
): string {
  const locale = currentLocale();
  const load = loaders[`./${name}.${locale}.md`];
  const [loaded, setLoaded] = useState<{ locale: string; markdown: string } | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    void load().then((markdown) => {
      if (live) setLoaded({ locale, markdown });
    });
    return () => {
      live = false;
    };
  }, [load, locale]);
  if (!load) return enUS;
  return loaded?.locale === locale ? loaded.markdown : '';
}

/** Words of the recent user messages searched for, newest first (more cost more ranking, PostgreSQL most). */
const WORDS_MAX = 8;

const STOP_WORDS = new Set(
  "the and for are but not you your with this that have has had was were what when where which who why how can could would should will from they them their there then than into about just like also some any all our out get got its it's".split(
    ' ',
  ),
);

/** Distinct lower-case words (letters and digits only) of `texts`, newest text first, at most `max`. */
export function searchWords(texts: string[], max = WORDS_MAX): string[] {
  const words = new Set<string>();
  for (const text of [...texts].reverse()) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (word.length < 3 || STOP_WORDS.has(word)) continue;
      words.add(word);
      if (words.size >= max) return [...words];
    }
  }
  return [...words];
}

/**
 * A search box query, read the way web search engines read it: words (all must match), "quoted
 * phrases", a trailing `*` for a prefix (`emb*`), and `-word` to leave out. Only letters and digits
 * make words, so what reaches an engine's query language can never be an operator of its own.
 */
export interface SearchTerm {
  words: string[];
  /** The last word is a prefix. */
  prefix: boolean;
  negated: boolean;
}

export interface ParsedQuery {
  terms: SearchTerm[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const TOKEN = /(-?)"([^"]*)"?(\*?)|(-?)([^\s"]+)/gu;

export function parseSearchQuery(input: string): ParsedQuery {
  const terms: SearchTerm[] = [];
  for (const match of input.matchAll(TOKEN)) {
    const phrase = match[2] !== undefined;
    const text = phrase ? (match[2] ?? '') : (match[5] ?? '');
    const words = (text.match(WORD) ?? []).map((w) => w.toLowerCase());
    if (words.length === 0) continue;
    const negated = (phrase ? match[1] : match[4]) === '-';
    const prefix = phrase ? match[3] === '*' : text.endsWith('*');
    // Outside quotes, "e-mail" or "don't" is one term made of its words in a row, like a phrase.
    terms.push({ words, prefix, negated });
  }
  // A query of exclusions only would match everything: the exclusions then count as words.
  if (terms.length > 0 && terms.every((t) => t.negated)) for (const t of terms) t.negated = false;
  return { terms };
}

export const isEmptyQuery = (q: ParsedQuery) => q.terms.length === 0;

/** SQLite FTS5 query syntax: `"a b"` phrases, `"a"*` prefixes, AND between terms, NOT to leave out. */
export function toFts5(q: ParsedQuery): string {
  const render = (t: SearchTerm) => `"${t.words.join(' ')}"${t.prefix ? '*' : ''}`;
  const positive = q.terms.filter((t) => !t.negated).map(render);
  const negative = q.terms.filter((t) => t.negated).map(render);
  let out = `(${positive.join(' AND ')})`;
  for (const n of negative) out += ` NOT ${n}`;
  return out;
}

/**
 * PostgreSQL: the words and phrases as `websearch_to_tsquery` text (its own syntax: quotes and
 * `-`), and the prefix terms apart as `to_tsquery` text (`word:*`), since websearch has no prefix.
 */
export function toPostgres(q: ParsedQuery): { websearch: string; prefix: string } {
  const websearch = q.terms
    .filter((t) => !t.prefix)
    .map((t) => `${t.negated ? '-' : ''}"${t.words.join(' ')}"`)
    .join(' ');
  const prefix = q.terms
    .filter((t) => t.prefix)
    .map((t) => {
      const body = t.words.map((w, i) => (i === t.words.length - 1 ? `${w}:*` : w)).join(' <-> ');
      return t.negated ? `!(${body})` : `(${body})`;
    })
    .join(' & ');
  return { websearch, prefix };
}

/**
 * The pseudo-locale `en-XA` (dev and test only): every catalog text accented and ~40% longer inside
 * ⟦ ⟧, so a screenshot shows text that was clipped (a missing ⟧) and text that never went through the
 * catalog (no accents). Loaded only when en-XA is active.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** One text in the pseudo-locale (empty stays empty). */
export function pseudoText(text: string): string {
  if (!text.trim()) return text;
  const accented = text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
  const pad = '·'.repeat(Math.max(1, Math.round(text.length * 0.4)));
  return `${PSEUDO_OPEN}${accented} ${pad}${PSEUDO_CLOSE}`;
}

/** A whole catalog in the pseudo-locale: strings transformed, functions' string results too. */
export function pseudoCatalog<C>(value: C): C {
  if (typeof value === 'string') return pseudoText(value) as C;
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => {
      const out = fn(...args);
      return typeof out === 'string' ? pseudoText(out) : out;
    }) as C;
  }
  if (Array.isArray(value)) return value.map((v) => pseudoCatalog(v)) as C;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudoCatalog(v)])) as C;
  }
  return value;
}

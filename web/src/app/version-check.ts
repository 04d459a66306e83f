/**
 * The native version check of SPEC.md §4: a client version inside the server's supportedClientRange
 * does nothing; below the range's minimum it goes to /outdated.html; above the range it shows a red
 * warning for a while. The web build is never checked (native flag false).
 */
export type VersionVerdict = 'ok' | 'outdated' | 'too-new';

type Triple = [number, number, number];

function parseVersion(v: string): Triple | undefined {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v.trim());
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

function compare(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Judges a version against a range of space-separated comparators (">=2.0.0 <3.0.0", "^2.1.0", "2.0.0"). */
export function judgeVersion(version: string, range: string): VersionVerdict {
  const v = parseVersion(version);
  if (!v) return 'ok';
  for (const raw of range.trim().split(/\s+/).filter(Boolean)) {
    const m = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(raw);
    const bound = m?.[2] ? parseVersion(m[2]) : undefined;
    if (!m || !bound) continue;
    const op = m[1] ?? '=';
    const c = compare(v, bound);
    if (op === '>=' && c < 0) return 'outdated';
    if (op === '>' && c <= 0) return 'outdated';
    if (op === '<' && c >= 0) return 'too-new';
    if (op === '<=' && c > 0) return 'too-new';
    if (op === '=' && c !== 0) return c < 0 ? 'outdated' : 'too-new';
    if (op === '^' || op === '~') {
      if (c < 0) return 'outdated';
      const ceiling: Triple = op === '^' ? [bound[0] + 1, 0, 0] : [bound[0], bound[1] + 1, 0];
      if (compare(v, ceiling) >= 0) return 'too-new';
    }
  }
  return 'ok';
}

export type VersionAction = { kind: 'none' } | { kind: 'redirect'; to: string } | { kind: 'warn' };

/** What start-up does about the version: only the native build is checked. */
export function versionAction(input: {
  native: boolean;
  clientVersion: string;
  supportedRange: string;
}): VersionAction {
  if (!input.native) return { kind: 'none' };
  const verdict = judgeVersion(input.clientVersion, input.supportedRange);
  if (verdict === 'outdated') return { kind: 'redirect', to: '/outdated.html' };
  if (verdict === 'too-new') return { kind: 'warn' };
  return { kind: 'none' };
}

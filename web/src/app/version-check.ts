import { judgeVersion } from '@neura/contract';

/**
 * The native version check of SPEC.md §4: a client version inside the server's supportedClientRange
 * does nothing; below the range's minimum it goes to /outdated.html; above the range it shows a red
 * warning for a while. The web build is never checked (native flag false). The range is read by
 * the contract's `version-range.ts`, the same code the server checks `SUPPORTED_CLIENT_RANGE` with.
 */
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

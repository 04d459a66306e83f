import { userAgentParts } from '@neura/contract';

/**
 * A device in words from its user agent (the devices list's `device`, the new-device mail, a
 * passkey's default name): the browser and the system, e.g. "Chrome · Android"; in no language.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return '?';
  const { browser, system } = userAgentParts(userAgent);
  const words = [browser, system].filter((w): w is string => w !== undefined);
  return words.length > 0 ? words.join(' · ') : userAgent.slice(0, 40);
}

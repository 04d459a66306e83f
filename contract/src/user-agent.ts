/**
 * A device in words from its user agent (issue #47: the devices list, the new-device mail, a
 * passkey's default name): the browser (or the app) and the operating system. Names only, in no
 * language; the web app words them ("Chrome on Android") through its catalog.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bNeura\//, 'Neura app'],
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and the operating system a user agent names (either may be unknown). */
export function userAgentParts(userAgent: string | null | undefined): { browser?: string; system?: string } {
  if (!userAgent) return {};
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}

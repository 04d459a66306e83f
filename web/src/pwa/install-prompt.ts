import { create } from 'zustand';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings: a Chromium-only API). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/**
 * The browser's offer to install the app, kept from its `beforeinstallprompt` event (it comes once,
 * early, whichever page is open) until it is used or the app is installed (`appinstalled`).
 * `null`: no offer (another browser, already installed, or the native app).
 */
export const useInstallPrompt = create<{ offer: BeforeInstallPromptEvent | null }>()(() => ({ offer: null }));

let listening = false;

/** Starts keeping the browser's install offer; called once from the entry, before the first render. */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app offers the install where it fits.
    event.preventDefault();
    useInstallPrompt.setState({ offer: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => useInstallPrompt.setState({ offer: null }));
}

/** Shows the browser's install dialog; the offer is used up either way (the browser may offer again). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = useInstallPrompt.getState().offer;
  if (!offer) return 'unavailable';
  useInstallPrompt.setState({ offer: null });
  try {
    await offer.prompt();
    return (await offer.userChoice).outcome;
  } catch {
    // prompt() throws when the offer was already used or the page lost its user activation.
    return 'dismissed';
  }
}

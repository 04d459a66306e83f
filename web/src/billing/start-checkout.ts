import { errorMessage } from '../api/app-error';
import { showToast } from '../ui/toast-store';
import { createCheckout } from './billing-api';

/**
 * Starts a checkout: Stripe's page (another site) or the sandbox's own page (a path of this app).
 * Resolves false when it could not start (a toast says why).
 */
export async function startCheckout(product: string, navigate: (to: string) => void): Promise<boolean> {
  try {
    const { url } = await createCheckout(product);
    if (url.startsWith('/')) navigate(url);
    else window.location.assign(url);
    return true;
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error) });
    return false;
  }
}

/** Opens the subscription portal: Stripe's (another site) or the sandbox's panel on /settings/pro. */
export function goTo(url: string, navigate: (to: string) => void): void {
  if (url.startsWith('/')) navigate(url);
  else window.location.assign(url);
}

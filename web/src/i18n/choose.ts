import type { Locale } from '@neura/contract';
import { userParser } from '../api/account-guards';
import { api } from '../api/http';
import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { storeLocale } from './detect';
import { setLocale } from './runtime';

/**
 * Settings › Language: switches now and remembers it on this device; signed in, also on the
 * account (`PATCH /users/me { locale }`), so it follows the user to every device.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await setLocale(locale);
  if (!useAppStore.getState().token) return;
  const user = await api('/users/me', { method: 'PATCH', body: { locale } }, userParser);
  dispatchUser({ type: 'loaded', user });
}

import type { Locale } from '@neura/contract';
import { userParser } from '../api/guards';
import { api } from '../api/http';
import { useAppStore } from '../store/app-store';
import { dispatchUser, useUser } from '../store/user';
import { type AppLocale, detectLocale, storeLocale } from './detect';
import { getLocale, setLocale } from './runtime';

/** The signed-in user's locale (GET /users/me, the socket's `user.changed`) wins and is kept on this device. */
function followUser(): void {
  useUser.subscribe(({ user }) => {
    const locale = user?.locale;
    if (!locale || locale === getLocale()) return;
    storeLocale(locale);
    void setLocale(locale).catch(() => undefined);
  });
}

/**
 * Before the first render: the interface in the visitor's language (their choice on this device, else
 * the browser's), its catalog fetched first so the first screen is already in it (en-US fetches
 * nothing). A catalog that fails to load leaves en-US.
 */
export async function startI18n(languages?: readonly string[]): Promise<void> {
  const locale = detectLocale(languages);
  if (locale !== 'en-US') await setLocale(locale).catch(() => undefined);
  followUser();
}

/** Settings › Language: switches now, remembers it here and, signed in, on the account (every device). */
export async function chooseLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await setLocale(locale as AppLocale);
  if (!useAppStore.getState().token) return;
  const user = await api('/users/me', { method: 'PATCH', body: { locale } }, userParser);
  dispatchUser({ type: 'loaded', user });
}

import { useUser } from '../store/user';
import { getLocale } from './active-locale';
import { type AppLocale, detectLocale, storeLocale } from './detect';

/** The runtime (catalog loaders and all) loads with the first switch: en-US visitors never fetch it. */
const switchTo = (locale: AppLocale) => import('./runtime').then((m) => m.setLocale(locale));

/** The signed-in user's locale (GET /users/me, the socket's `user.changed`) wins and is kept on this device. */
function followUser(): void {
  useUser.subscribe(({ user }) => {
    const locale = user?.locale;
    if (!locale || locale === getLocale()) return;
    storeLocale(locale);
    void switchTo(locale).catch(() => undefined);
  });
}

/**
 * Before the first render: the interface in the visitor's language (their choice on this device, else
 * the browser's), its catalog fetched first so the first screen is already in it (en-US fetches
 * nothing). A catalog that fails to load leaves en-US.
 */
export async function startI18n(languages?: readonly string[]): Promise<void> {
  const locale = detectLocale(languages);
  if (locale !== 'en-US') await switchTo(locale).catch(() => undefined);
  followUser();
}

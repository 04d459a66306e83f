import { useUser } from '../store/user';
import { detectLocale, storeLocale } from './detect';
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

import { registerPart } from '../i18n/parts';
import { notificationTexts } from '../texts/notifications';

/** Settings › Notifications' catalog part (its locales load with the lazy route). */
export const notificationTextsReady = registerPart('notifications', notificationTexts, {
  es: () => import('../texts/locales/es/notifications').then((m) => m.notifications),
  de: () => import('../texts/locales/de/notifications').then((m) => m.notifications),
  fr: () => import('../texts/locales/fr/notifications').then((m) => m.notifications),
  'pt-BR': () => import('../texts/locales/pt-BR/notifications').then((m) => m.notifications),
  ja: () => import('../texts/locales/ja/notifications').then((m) => m.notifications),
  ar: () => import('../texts/locales/ar/notifications').then((m) => m.notifications),
});

import { registerPart } from '../i18n/parts';
import { organiseTexts } from '../texts/organise';

/** The texts of folders and temporary chats (issue #49) as a part: the lazy chat routes wait for it. */
export const organiseTextsReady = registerPart('organise', organiseTexts, {
  es: () => import('../texts/locales/es/organise').then((m) => m.organise),
  de: () => import('../texts/locales/de/organise').then((m) => m.organise),
  fr: () => import('../texts/locales/fr/organise').then((m) => m.organise),
  'pt-BR': () => import('../texts/locales/pt-BR/organise').then((m) => m.organise),
  ja: () => import('../texts/locales/ja/organise').then((m) => m.organise),
  ar: () => import('../texts/locales/ar/organise').then((m) => m.organise),
});

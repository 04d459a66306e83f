import { registerPart } from '../i18n/parts';
import { groupTexts } from '../texts/group';

/** Group chats' catalog part (issue #46): the lazy group composer waits for it. */
export const groupTextsReady = registerPart('group', groupTexts, {
  es: () => import('../texts/locales/es/group').then((m) => m.group),
  de: () => import('../texts/locales/de/group').then((m) => m.group),
  fr: () => import('../texts/locales/fr/group').then((m) => m.group),
  'pt-BR': () => import('../texts/locales/pt-BR/group').then((m) => m.group),
  ja: () => import('../texts/locales/ja/group').then((m) => m.group),
  ar: () => import('../texts/locales/ar/group').then((m) => m.group),
});

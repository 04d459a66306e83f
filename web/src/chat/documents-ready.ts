import { registerPart } from '../i18n/parts';
import { documentTexts } from '../texts/documents';

/** The texts of documents and persona knowledge (issue #45) as a part: the chat and builder routes wait for it. */
export const documentTextsReady = registerPart('documents', documentTexts, {
  es: () => import('../texts/locales/es/documents').then((m) => m.documents),
  de: () => import('../texts/locales/de/documents').then((m) => m.documents),
  fr: () => import('../texts/locales/fr/documents').then((m) => m.documents),
  'pt-BR': () => import('../texts/locales/pt-BR/documents').then((m) => m.documents),
  ja: () => import('../texts/locales/ja/documents').then((m) => m.documents),
  ar: () => import('../texts/locales/ar/documents').then((m) => m.documents),
});

import { registerPart } from '../i18n/parts';
import { securityTexts } from '../texts/security';

/** The security page's texts in the active locale (a part, i18n/parts.ts): the route waits for it. */
export const securityTextsReady = registerPart('security', securityTexts, {
  es: () => import('../texts/locales/es/security').then((m) => m.security),
  de: () => import('../texts/locales/de/security').then((m) => m.security),
  fr: () => import('../texts/locales/fr/security').then((m) => m.security),
  'pt-BR': () => import('../texts/locales/pt-BR/security').then((m) => m.security),
  ja: () => import('../texts/locales/ja/security').then((m) => m.security),
  ar: () => import('../texts/locales/ar/security').then((m) => m.security),
});

import { registerPart } from '../i18n/parts';
import { oidcTexts } from '../texts/oidc';

/**
 * The landing page's texts part (web/src/i18n/parts.ts), registered here rather than in texts/
 * (texts/ is the bottom layer and may not import i18n/; its locale files import its type).
 */
export const oidcTextsReady = registerPart('oidc', oidcTexts, {
  es: () => import('../texts/locales/es/oidc').then((m) => m.oidc),
  de: () => import('../texts/locales/de/oidc').then((m) => m.oidc),
  fr: () => import('../texts/locales/fr/oidc').then((m) => m.oidc),
  'pt-BR': () => import('../texts/locales/pt-BR/oidc').then((m) => m.oidc),
  ja: () => import('../texts/locales/ja/oidc').then((m) => m.oidc),
  ar: () => import('../texts/locales/ar/oidc').then((m) => m.oidc),
});

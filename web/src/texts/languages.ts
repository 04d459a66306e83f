import type { Locale } from '@neura/contract';

/**
 * The texts of the language setting (issue #43), every locale here: a few words the settings page
 * needs whichever catalog is loaded. Each language's own name comes from the contract's LOCALE_NAMES.
 */
interface LanguageTexts {
  section: string;
  label: string;
  hint: string;
  saveFailed: string;
}

export const languageTexts: Record<Locale, LanguageTexts> = {
  'en-US': {
    section: 'Language',
    label: 'Language',
    hint: 'Neura, its emails and your personas speak this language. Signed in, it follows you to every device.',
    saveFailed: 'The language could not be saved. Please try again.',
  },
  es: {
    section: 'Idioma',
    label: 'Idioma',
    hint: 'Neura, sus correos y tus personas hablan este idioma. Con la sesión iniciada, te acompaña en todos tus dispositivos.',
    saveFailed: 'No se pudo guardar el idioma. Inténtalo de nuevo.',
  },
  de: {
    section: 'Sprache',
    label: 'Sprache',
    hint: 'Neura, seine E-Mails und deine Personas sprechen diese Sprache. Angemeldet folgt sie dir auf jedes Gerät.',
    saveFailed: 'Die Sprache konnte nicht gespeichert werden. Bitte versuche es erneut.',
  },
  fr: {
    section: 'Langue',
    label: 'Langue',
    hint: 'Neura, ses e-mails et vos personas parlent cette langue. Une fois connecté, elle vous suit sur tous vos appareils.',
    saveFailed: 'La langue n’a pas pu être enregistrée. Veuillez réessayer.',
  },
  'pt-BR': {
    section: 'Idioma',
    label: 'Idioma',
    hint: 'O Neura, os e-mails e as suas personas falam este idioma. Com login, ele acompanha você em todos os dispositivos.',
    saveFailed: 'Não foi possível salvar o idioma. Tente novamente.',
  },
  ja: {
    section: '言語',
    label: '表示言語',
    hint: 'Neura の画面、メール、ペルソナがこの言語になります。ログイン中は、どの端末でも同じ言語になります。',
    saveFailed: '言語を保存できませんでした。もう一度お試しください。',
  },
  ar: {
    section: 'اللغة',
    label: 'اللغة',
    hint: 'يتحدث Neura ورسائله وشخصياتك بهذه اللغة. عند تسجيل الدخول، تتبعك على كل أجهزتك.',
    saveFailed: 'تعذّر حفظ اللغة. يُرجى المحاولة مرة أخرى.',
  },
};

import { DEFAULT_LOCALE, isLocale, type Locale } from '@neura/contract';

/** What a push says, in the user's language (the lock screen shows it). */
interface PushTexts {
  newReplyFrom: (persona: string) => string;
  replyReady: string;
  archiveTitle: string;
  archiveBody: string;
  /** A group round's push: who replied (a list already joined in the language). */
  groupReplied: (names: string) => string;
  /** A group round's push with contents hidden. */
  groupRepliesHidden: string;
}

const TEXTS: Record<Locale, PushTexts> = {
  'en-US': {
    newReplyFrom: (p) => `New reply from ${p}`,
    replyReady: 'Your reply is ready.',
    archiveTitle: 'Your data archive is ready',
    archiveBody: 'Download it from Settings.',
    groupReplied: (n) => `${n} replied`,
    groupRepliesHidden: 'New replies in your group chat',
  },
  es: {
    newReplyFrom: (p) => `Nueva respuesta de ${p}`,
    replyReady: 'Tu respuesta está lista.',
    archiveTitle: 'Tu archivo de datos está listo',
    archiveBody: 'Descárgalo desde Ajustes.',
    groupReplied: (n) => `${n} respondieron`,
    groupRepliesHidden: 'Nuevas respuestas en tu chat de grupo',
  },
  de: {
    newReplyFrom: (p) => `Neue Antwort von ${p}`,
    replyReady: 'Deine Antwort ist fertig.',
    archiveTitle: 'Dein Datenarchiv ist fertig',
    archiveBody: 'Lade es in den Einstellungen herunter.',
    groupReplied: (n) => `${n} haben geantwortet`,
    groupRepliesHidden: 'Neue Antworten in deinem Gruppenchat',
  },
  fr: {
    newReplyFrom: (p) => `Nouvelle réponse de ${p}`,
    replyReady: 'Votre réponse est prête.',
    archiveTitle: 'Votre archive de données est prête',
    archiveBody: 'Téléchargez-la depuis les Réglages.',
    groupReplied: (n) => `${n} ont répondu`,
    groupRepliesHidden: 'Nouvelles réponses dans votre discussion de groupe',
  },
  'pt-BR': {
    newReplyFrom: (p) => `Nova resposta de ${p}`,
    replyReady: 'Sua resposta está pronta.',
    archiveTitle: 'Seu arquivo de dados está pronto',
    archiveBody: 'Baixe-o nas Configurações.',
    groupReplied: (n) => `${n} responderam`,
    groupRepliesHidden: 'Novas respostas no seu chat em grupo',
  },
  ja: {
    newReplyFrom: (p) => `${p}から新しい返信があります`,
    replyReady: '返信の準備ができました。',
    archiveTitle: 'データのアーカイブの準備ができました',
    archiveBody: '設定からダウンロードできます。',
    groupReplied: (n) => `${n}が返信しました`,
    groupRepliesHidden: 'グループチャットに新しい返信があります',
  },
  ar: {
    newReplyFrom: (p) => `رد جديد من ${p}`,
    replyReady: 'ردّك جاهز.',
    archiveTitle: 'أرشيف بياناتك جاهز',
    archiveBody: 'نزّله من الإعدادات.',
    groupReplied: (n) => `ردّ ${n}`,
    groupRepliesHidden: 'ردود جديدة في دردشتك الجماعية',
  },
};

export const pushTexts = (locale: string | null | undefined): PushTexts =>
  TEXTS[isLocale(locale) ? locale : DEFAULT_LOCALE];

/** The first words of a reply, for the lock screen: markdown marks out, at most `max` characters. */
export function firstWords(text: string, max = 120): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

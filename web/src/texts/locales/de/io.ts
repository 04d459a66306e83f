import type { IoCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'de';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const io: IoCatalog = {
  search: {
    messages: 'Nachrichten',
    searching: 'Nachrichten werden durchsucht …',
    none: 'Keine passenden Nachrichten.',
    nothing: 'Keine Chats oder Nachrichten passen zu deiner Suche.',
    more: 'Weitere Ergebnisse',
    archived: 'Archiviert',
    olderVersion: 'Frühere Version',
    you: 'Du',
    reply: 'Antwort',
    failed: 'Die Suche ist fehlgeschlagen.',
  },
  menu: {
    share: 'Chat teilen',
    exportMarkdown: 'Als Markdown exportieren',
    exportJson: 'Als JSON exportieren',
    exported: 'Chat exportiert.',
  },
  share: {
    title: 'Diesen Chat teilen',
    explain:
      'Alle mit dem Link können diesen Chat so lesen, wie er jetzt ist, ohne sich anzumelden. Nachrichten, die du später sendest, bleiben privat, bis du erneut teilst.',
    create: 'Link erstellen',
    creating: 'Link wird erstellt …',
    copy: 'Link kopieren',
    copied: 'Link kopiert.',
    manage: 'Geteilte Links verwaltest du in den Einstellungen.',
    close: 'Schließen',
    linkLabel: 'Geteilter Link',
  },
  shared: {
    removed: 'Dieser Link wurde entfernt',
    removedDetail: 'Die Person, der dieser Chat gehört, hat den Link entfernt, oder den Chat gibt es nicht mehr.',
    onward: 'Neura entdecken',
    cta: (persona: string) => `Starte deinen eigenen Chat mit ${persona}`,
    sharedOn: (date: string) => `Geteilt am ${date}`,
    readOnly: 'Eine schreibgeschützte Kopie eines Gesprächs auf Neura.',
    loading: 'Geteilter Chat wird geladen …',
    failed: 'Dieser geteilte Chat konnte nicht geladen werden. Versuch es später noch einmal.',
    you: 'Nutzer',
  },
  data: {
    title: 'Deine Daten',
    settingsRow: 'Deine Daten und geteilte Links',
    links: 'Geteilte Links',
    noLinks: 'Du hast noch keine Chats geteilt.',
    revoke: 'Link entfernen',
    revoked: 'Link entfernt.',
    messages: (n: number) => plural(L, n, { one: '# Nachricht', other: '# Nachrichten' }),
    archive: 'Meine Daten herunterladen',
    archiveExplain:
      'Ein Archiv (.tar.gz) mit allem, was über dich gespeichert ist: dein Konto, Credit-Verlauf, Bestellungen, Feedback, Gedächtnis, jeder Chat mit seinen Nachrichten sowie deine hochgeladenen und erzeugten Dateien.',
    build: 'Archiv vorbereiten',
    building: (pct: number) => `Wird vorbereitet … ${num(pct)} %`,
    download: 'Archiv herunterladen',
    downloaded:
      'Heruntergeladen. Das Archiv wird nicht mehr auf dem Server aufbewahrt; bereite ein neues vor, wenn du es brauchst.',
    kept: 'Das Archiv wird eine Weile aufbewahrt und gelöscht, sobald du es herunterlädst.',
    failed: 'Das Archiv konnte nicht vorbereitet werden. Versuch es noch einmal.',
  },
};

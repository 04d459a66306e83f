import type { MemoryCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'de';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const memory: MemoryCatalog = {
  title: 'Gedächtnis',
  settingsRow: 'Gedächtnis',
  intro:
    'Personas können sich chatübergreifend Dinge über dich merken. Nur du siehst dein Gedächtnis; du kannst es jederzeit ändern oder löschen.',
  enabled: 'Gedächtnis verwenden',
  enabledHint: 'Wenn es aus ist, lesen und speichern Personas keine Erinnerungen.',
  aboutHeading: 'Über mich',
  aboutLabel: 'Was jede Persona über dich wissen sollte',
  aboutPlaceholder: 'z. B. Ich bin Sam, Pflegekraft in Porto. Ich mag kurze Antworten.',
  aboutCount: (n: number, max: number) => `${num(n)} / ${num(max)}`,
  saveAbout: '„Über mich“ speichern',
  savingAbout: 'Wird gespeichert …',
  aboutSaved: '„Über mich“ gespeichert.',
  itemsHeading: 'Gemerkt',
  empty: 'Noch nichts gemerkt. Sag einer Persona „Merk dir, dass …“ oder füge hier etwas hinzu.',
  addLabel: 'Erinnerung hinzufügen',
  addPlaceholder: 'z. B. Ich esse vegetarisch.',
  add: 'Hinzufügen',
  scopeLabel: 'Gilt für',
  scopes: { user: 'Jede Persona', persona: 'Eine Persona', chat: 'Einen Chat' },
  scopeOf: (scope, name?: string) =>
    scope === 'user' ? 'Jede Persona' : scope === 'persona' ? (name ?? 'Eine Persona') : 'Nur dieser Chat',
  sourceUser: 'Von dir hinzugefügt',
  sourceModel: 'Vom Modell gespeichert',
  pinned: 'Angeheftet',
  pin: 'Anheften',
  unpin: 'Lösen',
  edit: 'Bearbeiten',
  editLabel: (text: string) => `„${text}“ bearbeiten`,
  save: 'Speichern',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  deleteLabel: (text: string) => `„${text}“ löschen`,
  pinLabel: (text: string) => `„${text}“ anheften`,
  unpinLabel: (text: string) => `„${text}“ lösen`,
  deleted: 'Erinnerung gelöscht.',
  forgetAll: 'Alles vergessen',
  forgetAllTitle: 'Alles vergessen?',
  forgetAllBody:
    'Jede gemerkte Erinnerung wird endgültig gelöscht. „Über mich“ und der Schalter bleiben, wie sie sind.',
  forgetAllConfirm: 'Alles vergessen',
  forgotAll: 'Alles wurde vergessen.',
  loading: 'Gedächtnis wird geladen',
  loadFailed: 'Das Gedächtnis konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  note: {
    updated: 'Gedächtnis aktualisiert',
    remembered: (text: string) => `Gemerkt: ${text}`,
    forgot: (text: string) => `Vergessen: ${text}`,
    undo: 'Rückgängig',
    undone: 'Rückgängig gemacht',
    manage: 'Gedächtnis verwalten',
  },
  receiptMemory: 'Gedächtnis',
  tokens: (n: number) => plural(L, n, { one: '# Token', other: '# Tokens' }),
};

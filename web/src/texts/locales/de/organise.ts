import type { OrganiseCatalog } from '../../organise';

export const organise: OrganiseCatalog = {
  folders: {
    newFolder: 'Neuer Ordner',
    createTitle: 'Neuer Ordner',
    renameTitle: 'Ordner umbenennen',
    nameLabel: 'Name des Ordners',
    create: 'Erstellen',
    save: 'Speichern',
    cancel: 'Abbrechen',
    options: (name: string) => `Ordneroptionen: ${name}`,
    expand: (name: string) => `Chats in ${name} zeigen`,
    collapse: (name: string) => `Chats in ${name} ausblenden`,
    rename: 'Umbenennen',
    moveUp: 'Nach oben',
    moveDown: 'Nach unten',
    delete: 'Ordner löschen',
    deleteTitle: (name: string) => `„${name}“ löschen?`,
    deleteBody: 'Der Ordner verschwindet; seine Chats bleiben, ohne Ordner.',
    deleteConfirm: 'Ordner löschen',
    moveTo: 'In Ordner verschieben',
    noFolder: 'Kein Ordner',
    moveTitle: 'In Ordner verschieben',
    filed: (name: string) => `Nach ${name} verschoben.`,
    unfiled: 'Aus dem Ordner genommen.',
    failed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
    empty: 'Noch keine Chats in diesem Ordner. Zieh einen hierher oder nutze das Menü eines Chats.',
    dropHint: 'Hier ablegen, um den Chat aus seinem Ordner zu nehmen',
  },
  temporary: {
    toggle: 'Temporärer Chat',
    toggleHint: 'Wird nicht gespeichert: keine Liste, Suche, Erinnerung oder Export. Wird beim Verlassen gelöscht.',
    banner: 'Temporärer Chat',
    bannerBody:
      'Er steht nicht in deiner Chatliste, Suche, Erinnerung oder deinen Exporten und wird gelöscht, sobald du ihn verlässt.',
  },
};

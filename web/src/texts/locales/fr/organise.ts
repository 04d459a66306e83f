import type { OrganiseCatalog } from '../../organise';

export const organise: OrganiseCatalog = {
  folders: {
    newFolder: 'Nouveau dossier',
    createTitle: 'Nouveau dossier',
    renameTitle: 'Renommer le dossier',
    nameLabel: 'Nom du dossier',
    create: 'Créer',
    save: 'Enregistrer',
    cancel: 'Annuler',
    options: (name: string) => `Options du dossier : ${name}`,
    expand: (name: string) => `Afficher les discussions de ${name}`,
    collapse: (name: string) => `Masquer les discussions de ${name}`,
    rename: 'Renommer',
    moveUp: 'Monter',
    moveDown: 'Descendre',
    delete: 'Supprimer le dossier',
    deleteTitle: (name: string) => `Supprimer « ${name} » ?`,
    deleteBody: 'Le dossier disparaît ; ses discussions restent, hors de tout dossier.',
    deleteConfirm: 'Supprimer le dossier',
    moveTo: 'Déplacer vers un dossier',
    noFolder: 'Aucun dossier',
    moveTitle: 'Déplacer vers un dossier',
    filed: (name: string) => `Déplacée vers ${name}.`,
    unfiled: 'Retirée de son dossier.',
    failed: 'Cela n’a pas fonctionné. Veuillez réessayer.',
    empty: 'Pas encore de discussion dans ce dossier. Glissez-en une ici ou utilisez le menu d’une discussion.',
    dropHint: 'Déposez ici pour retirer la discussion de son dossier',
  },
  temporary: {
    toggle: 'Discussion temporaire',
    toggleHint: 'Non enregistrée : ni liste, ni recherche, ni mémoire, ni export. Supprimée quand vous la quittez.',
    banner: 'Discussion temporaire',
    bannerBody:
      'Elle n’apparaît ni dans votre liste, ni dans la recherche, la mémoire ou les exports, et elle est supprimée quand vous la quittez.',
  },
};

import type { IoCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'fr';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const io: IoCatalog = {
  search: {
    messages: 'Messages',
    searching: 'Recherche dans les messages…',
    none: 'Aucun message ne correspond.',
    nothing: 'Aucune discussion ni aucun message ne correspond à votre recherche.',
    more: 'Plus de résultats',
    archived: 'Archivée',
    olderVersion: 'Version précédente',
    you: 'Vous',
    reply: 'Réponse',
    failed: 'La recherche a échoué.',
  },
  menu: {
    share: 'Partager la discussion',
    exportMarkdown: 'Exporter en Markdown',
    exportJson: 'Exporter en JSON',
    exported: 'Discussion exportée.',
  },
  share: {
    title: 'Partager cette discussion',
    explain:
      'Toute personne disposant du lien peut lire cette discussion telle qu’elle est maintenant, sans se connecter. Les messages que vous enverrez ensuite restent privés, sauf si vous la partagez à nouveau.',
    create: 'Créer un lien',
    creating: 'Création du lien…',
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    manage: 'Gérez les liens partagés dans les Paramètres.',
    close: 'Fermer',
    linkLabel: 'Lien partagé',
  },
  shared: {
    removed: 'Ce lien a été supprimé',
    removedDetail: 'La personne à qui appartient cette discussion a supprimé le lien, ou la discussion n’existe plus.',
    onward: 'Découvrir Neura',
    cta: (persona: string) => `Commencez votre propre discussion avec ${persona}`,
    sharedOn: (date: string) => `Partagée le ${date}`,
    readOnly: 'Une copie en lecture seule d’une conversation sur Neura.',
    loading: 'Chargement de la discussion partagée…',
    failed: 'Impossible de charger cette discussion partagée. Réessayez plus tard.',
    you: 'Utilisateur',
  },
  data: {
    title: 'Vos données',
    settingsRow: 'Vos données et liens partagés',
    links: 'Liens partagés',
    noLinks: 'Vous n’avez partagé aucune discussion.',
    revoke: 'Supprimer le lien',
    revoked: 'Lien supprimé.',
    messages: (n: number) => plural(L, n, { one: '# message', other: '# messages' }),
    archive: 'Télécharger mes données',
    archiveExplain:
      'Une archive (.tar.gz) de tout ce qui est enregistré à votre sujet : votre compte, l’historique de vos crédits, vos commandes, vos avis, votre mémoire, chaque discussion avec ses messages, ainsi que vos fichiers importés et générés.',
    build: 'Préparer l’archive',
    building: (pct: number) => `Préparation… ${num(pct)} %`,
    download: 'Télécharger l’archive',
    downloaded:
      'Téléchargée. L’archive n’est plus conservée sur le serveur ; préparez-en une nouvelle quand vous en aurez besoin.',
    kept: 'L’archive est conservée quelque temps, puis supprimée dès que vous la téléchargez.',
    failed: 'Impossible de préparer l’archive. Réessayez.',
  },
};

import type { NotificationCatalog } from '../../notifications';

export const notifications: NotificationCatalog = {
  title: 'Notifications',
  intro: 'Recevez une notification quand un personnage a terminé sa réponse et que vous ne regardez pas Neura.',
  why: 'Votre navigateur va demander si Neura peut afficher des notifications. Nous ne nous en servons que pour vous dire qu’une réponse est prête.',
  enable: 'Activer les notifications sur cet appareil',
  enabling: 'Activation…',
  enabledHere: 'Les notifications sont activées sur cet appareil.',
  disableHere: 'Désactiver sur cet appareil',
  denied:
    'Les notifications sont bloquées pour ce site. Autorisez-les dans les paramètres du site de votre navigateur, puis réessayez.',
  unsupported: 'Ce navigateur ne peut pas afficher de notifications.',
  iosInstall:
    'Sur iPhone et iPad, ajoutez d’abord Neura à votre écran d’accueil (Partager › Sur l’écran d’accueil), puis ouvrez-la depuis celui-ci.',
  failed: 'Impossible d’activer les notifications. Veuillez réessayer.',
  kindsHeading: 'Quoi notifier',
  replies: 'Réponses terminées',
  repliesHint: 'Aussi les images, la musique et une archive de données prête.',
  hideContents: 'Masquer le contenu',
  hideContentsHint: 'N’afficher que « Nouvelle réponse de … » sur l’écran verrouillé.',
  loading: 'Chargement des réglages de notifications',
  loadFailed: 'Les réglages de notifications n’ont pas pu être chargés.',
  retry: 'Réessayer',
  quietHours: 'Heures calmes',
  quietHoursHint: 'Aucune notification entre ces heures ({zone}).',
  quietFrom: 'De',
  quietTo: 'À',
  promptTitle: 'Être prévenu quand une réponse est prête ?',
  promptBody:
    'Cette réponse a pris un moment. Neura peut vous prévenir quand la prochaine est terminée, même si vous passez à autre chose.',
  promptAccept: 'Activer les notifications',
  promptDismiss: 'Pas maintenant',
};

import { plural } from '../../plural';
import type { SecurityCatalog } from '../../security';

const L = 'fr';

export const security: SecurityCatalog = {
  title: 'Connexion et sécurité',
  loading: 'Chargement de vos paramètres de connexion…',
  loadFailed: 'Vos paramètres de connexion n’ont pas pu être chargés.',
  retry: 'Réessayer',
  passkeys: {
    heading: 'Clés d’accès',
    intro:
      'Connectez-vous avec votre empreinte, votre visage ou le verrouillage de l’écran plutôt qu’avec un mot de passe. Une clé d’accès compte pour les deux étapes.',
    none: 'Aucune clé d’accès pour l’instant.',
    add: 'Ajouter une clé d’accès',
    adding: 'En attente de votre appareil…',
    added: 'Clé d’accès ajoutée.',
    cancelled: 'L’ajout d’une clé d’accès a été annulé ou n’est pas disponible sur cet appareil.',
    unsupported: 'Ce navigateur ne prend pas en charge les clés d’accès.',
    nameLabel: (name: string) => `Nom de la clé d’accès « ${name} »`,
    rename: 'Renommer',
    save: 'Enregistrer',
    cancel: 'Annuler',
    remove: 'Retirer',
    removeConfirm: (name: string) =>
      `Retirer la clé d’accès « ${name} » ? Vous ne pourrez plus vous connecter avec elle.`,
    removed: 'Clé d’accès retirée.',
    created: (date: string) => `Ajoutée le ${date}`,
    lastUsed: (date: string) => `dernière utilisation le ${date}`,
  },
  twoFactor: {
    heading: 'Validation en deux étapes',
    intro: 'Après votre mot de passe, demander un code d’une application d’authentification.',
    on: 'Activée',
    off: 'Désactivée',
    turnOn: 'Activer',
    scan: 'Scannez ce code QR avec votre application d’authentification, ou saisissez la clé à la main, puis tapez le code à 6 chiffres qu’elle affiche.',
    qrLabel: 'Code QR pour votre application d’authentification',
    secretLabel: 'Clé',
    codeLabel: 'Code de l’application',
    confirm: 'Activer la validation en deux étapes',
    backupHeading: 'Vos codes de secours',
    backupIntro:
      'Chaque code vous connecte une fois si vous perdez votre téléphone. Gardez-les en lieu sûr : ils ne sont affichés que maintenant.',
    copy: 'Copier les codes',
    copied: 'Codes copiés.',
    done: 'Je les ai enregistrés',
    left: (n: number) => plural(L, n, { one: '# code de secours restant', other: '# codes de secours restants' }),
    regenerate: 'Nouveaux codes de secours',
    regenerateIntro: 'Saisissez un code de votre application pour remplacer vos codes de secours.',
    turnOff: 'Désactiver',
    turnOffIntro:
      'Saisissez votre mot de passe et un code de votre application (ou un code de secours) pour la désactiver.',
    passwordLabel: 'Mot de passe',
    turnedOff: 'La validation en deux étapes est désactivée.',
  },
  devices: {
    heading: 'Appareils',
    intro: 'Là où votre compte est connecté.',
    thisDevice: 'Cet appareil',
    lastSeen: (date: string) => `Dernière activité : ${date}`,
    signedIn: (date: string) => `connecté le ${date}`,
    signOut: 'Déconnecter',
    signOutOthers: 'Déconnecter tous les autres appareils',
    signedOut: 'Déconnecté.',
    othersSignedOut: (n: number) => plural(L, n, { one: '# appareil déconnecté.', other: '# appareils déconnectés.' }),
    unknown: 'Appareil inconnu',
  },
};

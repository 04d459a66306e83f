import type { OidcCatalog } from '../../oidc';

export const oidc: OidcCatalog = {
  working: 'Connexion en cours…',
  errorTitle: 'La connexion a échoué',
  errors: {
    denied: 'Vous avez annulé chez le fournisseur, vous n’êtes donc pas connecté.',
    expired: 'Cette connexion a expiré ou a déjà été utilisée. Veuillez recommencer.',
    failed: 'La réponse du fournisseur n’a pas pu être vérifiée, vous n’êtes donc pas connecté. Veuillez réessayer.',
    unavailable: 'Le fournisseur de connexion est injoignable pour le moment. Veuillez réessayer plus tard.',
    'no-email': 'Le fournisseur n’a communiqué aucune adresse e-mail, et votre compte en a besoin d’une.',
    unverified: 'Le fournisseur n’a pas vérifié votre adresse e-mail. Vérifiez-la chez lui, puis réessayez.',
  },
  backToSignIn: 'Retour à la connexion',
  confirmTitle: 'Associez votre compte',
  confirmBody: (provider, email) =>
    `Un compte existe déjà pour ${email}. Saisissez son mot de passe une fois pour vous connecter désormais avec ${provider}.`,
  password: 'Mot de passe',
  confirm: 'Associer et se connecter',
  inviteTitle: 'Encore une étape',
  inviteBody: (provider, email) =>
    `Neura est sur invitation. Saisissez votre code d’invitation pour créer votre compte ${email} avec ${provider}.`,
  openBody: (provider, email) => `Créez votre compte ${email} avec ${provider}.`,
  inviteCode: 'Code d’invitation',
  createAccount: 'Créer le compte',
  joinWaitlist: 'Pas de code d’invitation ? Rejoignez la liste d’attente',
  waitlistJoined: (email) =>
    `Vous êtes sur la liste d’attente. Nous écrirons à ${email} quand votre invitation sera prête.`,
  orPasskey: 'Ou confirmez avec une clé d’accès de ce compte.',
  usePasskey: 'Utiliser une clé d’accès',
  twoFactorTitle: 'Validation en deux étapes',
  twoFactorBody: 'Saisissez le code de votre application d’authentification, ou un code de secours.',
  code: 'Code',
  verify: 'Valider',
};

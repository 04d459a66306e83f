import type { ServerCatalog } from './en-US.js';
import { frErrors } from './fr-errors.js';

const P = 'Neura';

export const fr: ServerCatalog = {
  messages: {
    internal: 'Un problème est survenu de notre côté. Veuillez réessayer plus tard.',
    unavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
    tooManyRequests: 'Trop de requêtes. Patientez un instant, puis réessayez.',
    invalidJson: 'Le corps de la requête n’est pas un JSON valide.',
    signInRequired: 'Vous devez être connecté pour faire cela.',
    sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
    notVerified: 'Votre adresse e-mail n’a pas encore été vérifiée.',
    suspended: 'Ce compte est suspendu. Contactez l’opérateur de ce service si vous pensez qu’il s’agit d’une erreur.',
    invalidCredentials: 'L’adresse e-mail ou le mot de passe est incorrect.',
    emailTaken: 'Un compte existe déjà avec cette adresse e-mail. Connectez-vous plutôt.',
    wrongPassword: 'Votre mot de passe actuel est incorrect.',
    commonPassword: 'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre.',
    passwordMismatch: 'La confirmation du mot de passe ne correspond pas. Vérifiez-la et réessayez.',
    invalidInvite: 'Votre code d’invitation semble poser problème.',
    codeInvalid: 'Ce code n’est plus valide. Demandez-en un nouveau.',
    codeExpired: 'Ce code a expiré. Demandez-en un nouveau.',
    codeWrong: 'Ce code est incorrect. Vérifiez-le et réessayez.',
    codeTooManyTries: 'Trop d’essais erronés : ce code n’est plus valide. Demandez-en un nouveau.',
    verifyMailFailed: 'Une erreur inconnue s’est produite lors de l’envoi de l’e-mail de vérification.',
    rateLimited: 'Trop de tentatives. Patientez un moment, puis réessayez.',
    captchaFailed: 'La vérification du captcha a échoué. Complétez le captcha et réessayez.',
    captchaRequired: 'Trop de tentatives échouées. Complétez le captcha et réessayez.',
    insufficientCredits:
      'Vous n’avez pas assez de crédits pour envoyer ce message. Achetez des crédits pour continuer à discuter.',
    proRequired: 'Cette fonction nécessite un abonnement Pro.',
    personaUnpublished:
      'Ce persona n’est plus disponible. Vous pouvez toujours lire cette discussion ; lancez-en une nouvelle pour continuer.',
    personaMissing: 'Ce persona n’existe pas.',
    personaUnavailable: 'Ce persona n’est pas disponible.',
    chatMissing: 'Cette discussion n’existe pas ou ne vous appartient pas.',
    messageMissing: 'Ce message est introuvable dans cette discussion.',
    replyBusy:
      'Une réponse est encore en cours d’écriture dans cette discussion. Attendez qu’elle se termine ou arrêtez-la d’abord.',
    emptyMessage: 'Écrivez d’abord un message.',
    restarting: 'Le serveur redémarre. Veuillez réessayer dans un instant.',
    adminOnly: 'Seuls les administrateurs peuvent faire cela.',
    notFound: 'Introuvable.',
    fileNotFound: 'Ce fichier est introuvable.',
    linkNotFound: 'Ce lien est introuvable.',
    controlChars: 'Les caractères de contrôle ne sont pas autorisés.',
    unsupportedLocale: 'Langue non prise en charge. Choisissez parmi : en-US, es, de, fr, pt-BR, ja, ar.',
    ...frErrors.messages,
  },
  templates: frErrors.templates,
  mail: {
    verify: {
      subject: (code) => `Votre code de vérification ${P} : ${code}`,
      heading: 'Vérifiez votre adresse e-mail',
      text: (code) =>
        `Bienvenue sur ${P} !\n\nVotre code de vérification est ${code}\n\nSaisissez-le dans l’application pour vérifier votre adresse e-mail. Il est valable 10 minutes et ne peut servir qu’une fois.\nSi vous ne vous êtes pas inscrit sur ${P}, vous pouvez ignorer cet e-mail.\n`,
      intro: `Bienvenue sur ${P} ! Saisissez ce code dans l’application pour vérifier votre adresse e-mail :`,
      note: `Il est valable 10 minutes et ne peut servir qu’une fois. Si vous ne vous êtes pas inscrit sur ${P}, vous pouvez ignorer cet e-mail.`,
    },
    reset: {
      subject: (code) => `Votre code de réinitialisation du mot de passe ${P} : ${code}`,
      heading: 'Réinitialisez votre mot de passe',
      text: (code) =>
        `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${P}.\n\nVotre code de réinitialisation est ${code}\n\nIl est valable 10 minutes et ne peut servir qu’une fois. Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.\n`,
      intro: `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${P}. Votre code de réinitialisation est :`,
      note: 'Il est valable 10 minutes et ne peut servir qu’une fois. Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
    invite: {
      subject: `Votre code d’invitation ${P}`,
      heading: 'Vous êtes invité',
      text: (code, appUrl) =>
        `Bonne nouvelle : votre tour est arrivé sur la liste d’attente de ${P}.\n\nVotre code d’invitation est ${code}\n\nOuvrez ${appUrl}, saisissez cette adresse e-mail, choisissez « J’ai un code d’invitation » et saisissez le code.\n`,
      intro: `Bonne nouvelle : votre tour est arrivé sur la liste d’attente de ${P}. Votre code d’invitation est :`,
      steps: (link) =>
        `Ouvrez ${link}, saisissez cette adresse e-mail, choisissez « J’ai un code d’invitation » et saisissez le code.`,
    },
    proEnded: {
      subject: `Votre abonnement ${P} Pro a été résilié`,
      heading: 'Votre abonnement Pro a été résilié',
      when: (date) => (date ? `le ${date}, à la fin de la période payée` : 'dès maintenant'),
      body: (when) =>
        `Votre abonnement ${P} Pro a été résilié par notre équipe. Pro prend fin ${when}, et il ne vous sera plus facturé.`,
      note: (link) =>
        `Votre compte, vos discussions et vos crédits restent inchangés. Des questions ? Répondez à cet e-mail. Vous pouvez vous réabonner à tout moment depuis ${link}.`,
    },
    security: {
      subject: `Avis de sécurité pour votre compte ${P}`,
      heading: 'Un changement dans votre façon de vous connecter',
      passkeyAdded: (name) => `Une clé d’accès nommée « ${name} » a été ajoutée à votre compte ${P}.`,
      passkeyRemoved: (name) => `La clé d’accès nommée « ${name} » a été retirée de votre compte ${P}.`,
      twoFactorOn: `La validation en deux étapes a été activée pour votre compte ${P}.`,
      twoFactorOff: `La validation en deux étapes a été désactivée pour votre compte ${P}.`,
      backupCodes: `De nouveaux codes de secours ont été créés pour votre compte ${P} ; les anciens ne fonctionnent plus.`,
      newSignIn: (device) => `Une connexion à votre compte ${P} a eu lieu depuis un nouvel appareil : ${device}.`,
      note: 'Si c’était vous, il n’y a rien à faire. Sinon, changez votre mot de passe et vérifiez vos appareils dans Paramètres › Sécurité.',
    },
  },
};

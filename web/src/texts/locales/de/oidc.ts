import type { OidcCatalog } from '../../oidc';

export const oidc: OidcCatalog = {
  working: 'Du wirst angemeldet …',
  errorTitle: 'Die Anmeldung hat nicht geklappt',
  errors: {
    denied: 'Du hast beim Anbieter abgebrochen, daher wurdest du nicht angemeldet.',
    expired: 'Diese Anmeldung ist abgelaufen oder wurde schon verwendet. Bitte fang neu an.',
    failed:
      'Die Antwort des Anbieters ließ sich nicht prüfen, daher wurdest du nicht angemeldet. Bitte versuche es noch einmal.',
    unavailable: 'Der Anmeldeanbieter ist gerade nicht erreichbar. Bitte versuche es später noch einmal.',
    'no-email': 'Der Anbieter hat keine E-Mail-Adresse mitgeteilt, und dein Konto braucht eine.',
    unverified:
      'Der Anbieter hat deine E-Mail-Adresse nicht bestätigt. Bestätige sie dort und versuche es dann noch einmal.',
  },
  backToSignIn: 'Zurück zur Anmeldung',
  confirmTitle: 'Konto verknüpfen',
  confirmBody: (provider, email) =>
    `Für ${email} gibt es schon ein Konto. Gib einmal sein Passwort ein, um dich ab jetzt mit ${provider} anzumelden.`,
  password: 'Passwort',
  confirm: 'Verknüpfen und anmelden',
  inviteTitle: 'Noch ein Schritt',
  inviteBody: (provider, email) =>
    `Neura gibt es nur mit Einladung. Gib deinen Einladungscode ein, um dein Konto für ${email} mit ${provider} anzulegen.`,
  openBody: (provider, email) => `Lege dein Konto für ${email} mit ${provider} an.`,
  inviteCode: 'Einladungscode',
  createAccount: 'Konto anlegen',
  joinWaitlist: 'Kein Einladungscode? Auf die Warteliste',
  waitlistJoined: (email) =>
    `Du stehst auf der Warteliste. Wir schreiben an ${email}, sobald deine Einladung bereit ist.`,
  orPasskey: 'Oder bestätige mit einem Passkey dieses Kontos.',
  usePasskey: 'Passkey verwenden',
  twoFactorTitle: 'Bestätigung in zwei Schritten',
  twoFactorBody: 'Gib den Code aus deiner Authenticator-App oder einen Backup-Code ein.',
  code: 'Code',
  verify: 'Bestätigen',
};

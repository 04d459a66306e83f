import { deErrors } from './de-errors.js';
import type { ServerCatalog } from './en-US.js';

const P = 'Neura';

export const de: ServerCatalog = {
  messages: {
    internal: 'Bei uns ist etwas schiefgelaufen. Bitte versuche es später noch einmal.',
    unavailable: 'Der Dienst ist kurz nicht erreichbar. Bitte versuche es gleich noch einmal.',
    tooManyRequests: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
    invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
    signInRequired: 'Dafür musst du angemeldet sein.',
    sessionExpired: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
    notVerified: 'Deine E-Mail-Adresse ist noch nicht bestätigt.',
    suspended:
      'Dieses Konto ist gesperrt. Wende dich an den Betreiber dieses Dienstes, wenn du das für einen Fehler hältst.',
    invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    emailTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte melde dich stattdessen an.',
    wrongPassword: 'Dein aktuelles Passwort ist falsch.',
    commonPassword: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wähle ein anderes.',
    passwordMismatch: 'Die Passwortbestätigung stimmt nicht überein. Bitte prüfe sie und versuche es erneut.',
    invalidInvite: 'Mit deinem Einladungscode scheint etwas nicht zu stimmen.',
    codeInvalid: 'Dieser Code ist nicht mehr gültig. Bitte fordere einen neuen an.',
    codeExpired: 'Dieser Code ist abgelaufen. Bitte fordere einen neuen an.',
    codeWrong: 'Dieser Code ist nicht richtig. Bitte prüfe ihn und versuche es erneut.',
    codeTooManyTries: 'Zu viele falsche Versuche: Dieser Code gilt nicht mehr. Bitte fordere einen neuen an.',
    verifyMailFailed: 'Beim Senden der Bestätigungs-E-Mail ist ein unbekannter Fehler aufgetreten.',
    rateLimited: 'Zu viele Versuche. Bitte warte eine Weile und versuche es dann erneut.',
    captchaFailed: 'Die Captcha-Prüfung ist fehlgeschlagen. Bitte löse das Captcha und versuche es erneut.',
    captchaRequired: 'Zu viele Fehlversuche. Bitte löse das Captcha und versuche es erneut.',
    insufficientCredits:
      'Du hast nicht genug Credits, um diese Nachricht zu senden. Kaufe weitere Credits, um weiterzuchatten.',
    proRequired: 'Für diese Funktion brauchst du ein Pro-Abo.',
    personaUnpublished:
      'Diese Persona ist nicht mehr verfügbar. Du kannst diesen Chat weiter lesen; starte einen neuen Chat, um weiterzureden.',
    personaMissing: 'Diese Persona gibt es nicht.',
    personaUnavailable: 'Diese Persona ist nicht verfügbar.',
    chatMissing: 'Diesen Chat gibt es nicht, oder er gehört nicht dir.',
    messageMissing: 'Diese Nachricht wurde in diesem Chat nicht gefunden.',
    replyBusy: 'In diesem Chat wird noch eine Antwort geschrieben. Warte, bis sie fertig ist, oder stoppe sie zuerst.',
    emptyMessage: 'Schreib zuerst eine Nachricht.',
    restarting: 'Der Server startet gerade neu. Bitte versuche es gleich noch einmal.',
    adminOnly: 'Das dürfen nur Administratoren.',
    notFound: 'Nicht gefunden.',
    fileNotFound: 'Diese Datei wurde nicht gefunden.',
    linkNotFound: 'Dieser Link wurde nicht gefunden.',
    controlChars: 'Steuerzeichen sind nicht erlaubt.',
    unsupportedLocale: 'Diese Sprache wird nicht unterstützt. Möglich sind: en-US, es, de, fr, pt-BR, ja, ar.',
    ...deErrors.messages,
  },
  templates: deErrors.templates,
  mail: {
    verify: {
      subject: (code) => `Dein ${P}-Bestätigungscode: ${code}`,
      heading: 'Bestätige deine E-Mail-Adresse',
      text: (code) =>
        `Willkommen bei ${P}!\n\nDein Bestätigungscode lautet ${code}\n\nGib ihn in der App ein, um deine E-Mail-Adresse zu bestätigen. Er ist 10 Minuten lang gültig und kann einmal verwendet werden.\nWenn du dich nicht bei ${P} registriert hast, kannst du diese E-Mail ignorieren.\n`,
      intro: `Willkommen bei ${P}! Gib diesen Code in der App ein, um deine E-Mail-Adresse zu bestätigen:`,
      note: `Er ist 10 Minuten lang gültig und kann einmal verwendet werden. Wenn du dich nicht bei ${P} registriert hast, kannst du diese E-Mail ignorieren.`,
    },
    reset: {
      subject: (code) => `Dein ${P}-Code zum Zurücksetzen des Passworts: ${code}`,
      heading: 'Setze dein Passwort zurück',
      text: (code) =>
        `Jemand möchte das Passwort deines ${P}-Kontos zurücksetzen.\n\nDein Code lautet ${code}\n\nEr ist 10 Minuten lang gültig und kann einmal verwendet werden. Warst du das nicht, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.\n`,
      intro: `Jemand möchte das Passwort deines ${P}-Kontos zurücksetzen. Dein Code lautet:`,
      note: 'Er ist 10 Minuten lang gültig und kann einmal verwendet werden. Warst du das nicht, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
    },
    invite: {
      subject: `Dein ${P}-Einladungscode`,
      heading: 'Du bist eingeladen',
      text: (code, appUrl) =>
        `Gute Nachrichten: Dein Platz auf der ${P}-Warteliste ist frei geworden.\n\nDein Einladungscode lautet ${code}\n\nÖffne ${appUrl}, gib diese E-Mail-Adresse ein, wähle „Ich habe einen Einladungscode“ und gib den Code ein.\n`,
      intro: `Gute Nachrichten: Dein Platz auf der ${P}-Warteliste ist frei geworden. Dein Einladungscode lautet:`,
      steps: (link) =>
        `Öffne ${link}, gib diese E-Mail-Adresse ein, wähle „Ich habe einen Einladungscode“ und gib den Code ein.`,
    },
    proEnded: {
      subject: `Dein ${P}-Pro-Abo wurde beendet`,
      heading: 'Dein Pro-Abo wurde beendet',
      when: (date) => (date ? `am ${date}, wenn der bezahlte Zeitraum endet` : 'sofort'),
      body: (when) =>
        `Dein ${P}-Pro-Abo wurde von unserem Team beendet. Pro endet ${when}, und es wird dir nicht erneut berechnet.`,
      note: (link) =>
        `Dein Konto, deine Chats und deine Credits bleiben, wie sie sind. Fragen? Antworte einfach auf diese E-Mail. Du kannst jederzeit wieder abonnieren unter ${link}.`,
    },
    security: {
      subject: `Sicherheitshinweis zu deinem ${P}-Konto`,
      heading: 'Eine Änderung an deiner Anmeldung',
      passkeyAdded: (name) => `Ein Passkey namens „${name}“ wurde deinem ${P}-Konto hinzugefügt.`,
      passkeyRemoved: (name) => `Der Passkey namens „${name}“ wurde aus deinem ${P}-Konto entfernt.`,
      twoFactorOn: `Die Zwei-Faktor-Authentifizierung wurde für dein ${P}-Konto eingeschaltet.`,
      twoFactorOff: `Die Zwei-Faktor-Authentifizierung wurde für dein ${P}-Konto ausgeschaltet.`,
      backupCodes: `Für dein ${P}-Konto wurden neue Backup-Codes erstellt; die alten gelten nicht mehr.`,
      newSignIn: (device) => `Bei deinem ${P}-Konto wurde sich von einem neuen Gerät angemeldet: ${device}.`,
      note: 'Warst du das, ist nichts zu tun. Wenn nicht, ändere dein Passwort und prüfe deine Geräte unter Einstellungen › Sicherheit.',
    },
  },
};

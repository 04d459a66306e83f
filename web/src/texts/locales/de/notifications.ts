import type { NotificationCatalog } from '../../notifications';

export const notifications: NotificationCatalog = {
  title: 'Benachrichtigungen',
  intro:
    'Erhalte eine Benachrichtigung, wenn eine Persona ihre Antwort fertig hat und du gerade nicht auf Neura schaust.',
  why: 'Dein Browser fragt, ob Neura Benachrichtigungen anzeigen darf. Wir nutzen das nur, um dir zu sagen, dass eine Antwort fertig ist.',
  enable: 'Benachrichtigungen auf diesem Gerät einschalten',
  enabling: 'Wird eingeschaltet…',
  enabledHere: 'Benachrichtigungen sind auf diesem Gerät eingeschaltet.',
  disableHere: 'Auf diesem Gerät ausschalten',
  denied:
    'Benachrichtigungen sind für diese Website blockiert. Erlaube sie in den Website-Einstellungen deines Browsers und versuche es erneut.',
  unsupported: 'Dieser Browser kann keine Benachrichtigungen anzeigen.',
  iosInstall:
    'Füge Neura auf iPhone und iPad zuerst zum Home-Bildschirm hinzu (Teilen › Zum Home-Bildschirm) und öffne es von dort.',
  failed: 'Benachrichtigungen konnten nicht eingeschaltet werden. Bitte versuche es erneut.',
  kindsHeading: 'Worüber benachrichtigen',
  replies: 'Fertige Antworten',
  repliesHint: 'Auch Bilder, Musik und ein fertiges Datenarchiv.',
  hideContents: 'Inhalte ausblenden',
  hideContentsHint: 'Auf dem Sperrbildschirm nur „Neue Antwort von …“ zeigen.',
  loading: 'Benachrichtigungseinstellungen werden geladen',
  loadFailed: 'Die Benachrichtigungseinstellungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  quietHours: 'Ruhezeiten',
  quietHoursHint: 'Keine Benachrichtigungen zwischen diesen Uhrzeiten ({zone}).',
  quietFrom: 'Von',
  quietTo: 'Bis',
  promptTitle: 'Benachrichtigen, wenn eine Antwort fertig ist?',
  promptBody:
    'Diese Antwort hat etwas gedauert. Neura kann dir Bescheid geben, wenn die nächste fertig ist, auch wenn du woanders bist.',
  promptAccept: 'Benachrichtigungen einschalten',
  promptDismiss: 'Nicht jetzt',
};

/** The texts of Settings › Notifications (issue #48); registered as a part by settings/notifications-texts.ts. */
export const notificationTexts = {
  title: 'Notifications',
  intro: 'Get a notification when a persona has finished its reply and you are not looking at Neura.',
  why: 'Your browser will ask whether Neura may show notifications. We only use it to tell you that a reply is ready.',
  enable: 'Turn on notifications on this device',
  enabling: 'Turning on…',
  enabledHere: 'Notifications are on for this device.',
  disableHere: 'Turn off on this device',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  unsupported: 'This browser cannot show notifications.',
  iosInstall:
    'On iPhone and iPad, add Neura to your Home Screen first (Share › Add to Home Screen), then open it from there.',
  failed: 'Notifications could not be turned on. Please try again.',
  kindsHeading: 'What to notify',
  replies: 'Finished replies',
  repliesHint: 'Also images, music and a ready data archive.',
  hideContents: 'Hide contents',
  hideContentsHint: 'Show only “New reply from …” on the lock screen.',
  loading: 'Loading notification settings',
  loadFailed: 'Notification settings could not be loaded.',
  retry: 'Try again',
  quietHours: 'Quiet hours',
  quietHoursHint: 'No notifications between these times ({zone}).',
  quietFrom: 'From',
  quietTo: 'To',
  promptTitle: 'Get notified when a reply is ready?',
  promptBody: 'That reply took a while. Neura can tell you when the next one is done, even if you switch away.',
  promptAccept: 'Turn on notifications',
  promptDismiss: 'Not now',
} as const;

export type NotificationCatalog = Widen<typeof notificationTexts>;
type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

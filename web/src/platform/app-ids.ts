/** The native app ids (web/capacitor.config.ts; the QA flavor/scheme adds ".qa"). */
export const APP_ID = 'ai.neura.app';
export const QA_APP_ID = `${APP_ID}.qa`;

import { VIDEO_FRAME_HOSTS } from '@neura/contract';

/** reCAPTCHA draws its widget in frames from these hosts (only listed when a captcha is configured). */
const CAPTCHA_FRAME_HOSTS = ['https://www.google.com', 'https://recaptcha.google.com'];

/**
 * The app page's Content-Security-Policy: frames only from the video gallery's hosts (and the
 * captcha's, when one is configured). Everything else is left to the defaults for now.
 */
export function appPagePolicy(options: { captcha: boolean }): string {
  const frames = [...VIDEO_FRAME_HOSTS, ...(options.captcha ? CAPTCHA_FRAME_HOSTS : [])];
  return `frame-src ${frames.join(' ')}`;
}

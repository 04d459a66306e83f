import { PRODUCT_NAME } from '@neura/contract';
import { serverTexts } from '../i18n/catalog.js';
import type { Mail } from './mailer.js';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#0b0d12;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#e8eaf0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#141821;border-radius:16px;padding:32px">
<tr><td><p style="margin:0 0 8px;font-size:14px;color:#a3aabb">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr></table>
</td></tr></table></body></html>`;
}

const codeBlock = (code: string) =>
  `<p style="margin:24px 0;font-size:36px;font-weight:700;letter-spacing:12px;text-align:center">${escapeHtml(code)}</p>`;

export function verifyCodeMail(to: string, code: string, locale?: string | null): Mail {
  const t = serverTexts(locale).mail.verify;
  return {
    to,
    subject: t.subject(code),
    text: t.text(code),
    html: layout(
      t.heading,
      `<p>${escapeHtml(t.intro)}</p>${codeBlock(code)}<p style="color:#a3aabb;font-size:14px">${escapeHtml(t.note)}</p>`,
    ),
  };
}

export function resetCodeMail(to: string, code: string, locale?: string | null): Mail {
  const t = serverTexts(locale).mail.reset;
  return {
    to,
    subject: t.subject(code),
    text: t.text(code),
    html: layout(
      t.heading,
      `<p>${escapeHtml(t.intro)}</p>${codeBlock(code)}<p style="color:#a3aabb;font-size:14px">${escapeHtml(t.note)}</p>`,
    ),
  };
}

const link = (appUrl: string) => `<a style="color:#8b5cf6" href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a>`;

/** The waitlist's approval: the invite code (issue #43: in the locale the address signed up with). */
export function inviteMail(to: string, code: string, appUrl: string, locale?: string | null): Mail {
  const t = serverTexts(locale).mail.invite;
  return {
    to,
    subject: t.subject,
    text: t.text(code, appUrl),
    html: layout(
      t.heading,
      `<p>${escapeHtml(t.intro)}</p><p style="margin:24px 0;font-size:20px;font-weight:700;text-align:center;font-family:monospace">${escapeHtml(code)}</p><p>${t.steps(link(appUrl))}</p>`,
    ),
  };
}

/** The operator ended the user's Pro from the console (issue #40): now, or when the paid period ends. */
export function proEndedMail(to: string, until: string | null, appUrl: string, locale?: string | null): Mail {
  const t = serverTexts(locale).mail.proEnded;
  const when = t.when(until ? until.slice(0, 10) : null);
  return {
    to,
    subject: t.subject,
    text: `${t.body(when)}\n\n${t.note(appUrl)}\n`,
    html: layout(
      t.heading,
      `<p>${escapeHtml(t.body(when))}</p><p style="color:#a3aabb;font-size:14px">${t.note(link(appUrl))}</p>`,
    ),
  };
}

/** What a security notice tells of (issue #47); `detail` names the passkey or the device. */
export type SecurityNews =
  | { kind: 'passkeyAdded' | 'passkeyRemoved' | 'newSignIn'; detail: string }
  | { kind: 'twoFactorOn' | 'twoFactorOff' | 'backupCodes' };

/** A change to how the user signs in, or a sign-in from a new device: in the user's locale. */
export function securityMail(to: string, news: SecurityNews, locale?: string | null): Mail {
  const t = serverTexts(locale).mail.security;
  const line = 'detail' in news ? t[news.kind](news.detail) : t[news.kind];
  return {
    to,
    subject: t.subject,
    text: `${line}\n\n${t.note}\n`,
    html: layout(
      t.heading,
      `<p>${escapeHtml(line)}</p><p style="color:#a3aabb;font-size:14px">${escapeHtml(t.note)}</p>`,
    ),
  };
}

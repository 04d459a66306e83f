import { PRODUCT_NAME } from '@neura/contract';
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

export function verifyCodeMail(to: string, code: string): Mail {
  const subject = `Your ${PRODUCT_NAME} verification code: ${code}`;
  return {
    to,
    subject,
    text: `Welcome to ${PRODUCT_NAME}!\n\nYour verification code is ${code}\n\nEnter it in the app to verify your email address. It is valid for 10 minutes and can be used once.\nIf you did not sign up for ${PRODUCT_NAME}, you can ignore this email.\n`,
    html: layout(
      'Verify your email address',
      `<p>Welcome to ${PRODUCT_NAME}! Enter this code in the app to verify your email address:</p>${codeBlock(code)}<p style="color:#a3aabb;font-size:14px">It is valid for 10 minutes and can be used once. If you did not sign up for ${PRODUCT_NAME}, you can ignore this email.</p>`,
    ),
  };
}

export function resetCodeMail(to: string, code: string): Mail {
  const subject = `Your ${PRODUCT_NAME} password reset code: ${code}`;
  return {
    to,
    subject,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nYour reset code is ${code}\n\nIt is valid for 10 minutes and can be used once. If it was not you, ignore this email: your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      `<p>Someone asked to reset the password of your ${PRODUCT_NAME} account. Your reset code is:</p>${codeBlock(code)}<p style="color:#a3aabb;font-size:14px">It is valid for 10 minutes and can be used once. If it was not you, ignore this email: your password stays as it is.</p>`,
    ),
  };
}

export function inviteMail(to: string, code: string, appUrl: string): Mail {
  const subject = `Your ${PRODUCT_NAME} invite code`;
  return {
    to,
    subject,
    text: `Good news: your spot on the ${PRODUCT_NAME} waitlist came up.\n\nYour invite code is ${code}\n\nOpen ${appUrl}, enter this email address, choose "I have an invite code" and enter the code.\n`,
    html: layout(
      'You are invited',
      `<p>Good news: your spot on the ${PRODUCT_NAME} waitlist came up. Your invite code is:</p><p style="margin:24px 0;font-size:20px;font-weight:700;text-align:center;font-family:monospace">${escapeHtml(code)}</p><p>Open <a style="color:#8b5cf6" href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a>, enter this email address, choose “I have an invite code” and enter the code.</p>`,
    ),
  };
}

/** The operator ended the user's Pro from the console (issue #40): now, or when the paid period ends. */
export function proEndedMail(to: string, until: string | null, appUrl: string): Mail {
  const when = until ? `on ${until.slice(0, 10)}, when the period you paid for ends` : 'now';
  const subject = `Your ${PRODUCT_NAME} Pro subscription was ended`;
  const text = `Your ${PRODUCT_NAME} Pro subscription was ended by our team. Pro ends ${when}, and you will not be charged for it again.\n\nYour account, chats and credits stay as they are. Questions? Reply to this email. You can subscribe again at any time from ${appUrl}.\n`;
  return {
    to,
    subject,
    text,
    html: layout(
      'Your Pro subscription was ended',
      `<p>Your ${PRODUCT_NAME} Pro subscription was ended by our team. Pro ends ${escapeHtml(when)}, and you will not be charged for it again.</p><p style="color:#a3aabb;font-size:14px">Your account, chats and credits stay as they are. Questions? Reply to this email. You can subscribe again at any time from <a style="color:#8b5cf6" href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a>.</p>`,
    ),
  };
}

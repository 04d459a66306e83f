import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VIDEO_FRAME_HOSTS } from '@neura/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** sha256 sources for the inline scripts of the app's index.html (none today; Vite may add some). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The public reverse-geocoding service the web app asks for a city (web/src/platform/geolocation.ts). */
const REVERSE_GEOCODE_ORIGIN = 'https://api.bigdatacloud.net';

/** The origins the API is reached at besides this one (PUBLIC_URL, its `app.` host), for connect-src. */
function publicOrigins(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const url = new URL(publicUrl);
  const ws = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const hosts = [url.host];
  if (url.host.startsWith('app.')) hosts.push(url.host.slice(4));
  return hosts.flatMap((h) => [`${url.protocol}//${h}`, `${ws}//${h}`]);
}

/** The web app's policy: scripts only from this origin (plus hashed inline ones), never framed. */
export function appCsp(config: Pick<Config, 'PUBLIC_URL' | 'RECAPTCHA_SITE_KEY'>, scriptHashes: string[]): string {
  const captcha = config.RECAPTCHA_SITE_KEY !== undefined;
  const scripts = ["'self'", ...scriptHashes];
  if (captcha) scripts.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // Styles: components set inline styles; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    // Images from this origin (and the API's) only: outside images come through the signed proxy
    // (`media/image-proxy.ts`), so a reply cannot make the browser call a host of its choosing (N4).
    `img-src ${["'self'", 'data:', 'blob:', ...publicOrigins(config.PUBLIC_URL).filter((o) => o.startsWith('http'))].join(' ')}`,
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    // The browser also calls SPEC §7's public reverse-geocoding service for the device location.
    `connect-src ${["'self'", ...publicOrigins(config.PUBLIC_URL), REVERSE_GEOCODE_ORIGIN].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    // Frames: the video gallery's players (exactly these hosts), and the captcha's when configured.
    `frame-src ${[...VIDEO_FRAME_HOSTS, ...(captcha ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The referrer policy of every answer (app, API, Engine.IO). */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** API answers are data (JSON, images, SVG): nothing in them may run or be framed. */
export const API_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Security headers on every response (app, API, static files, errors): CSP, no framing,
 * nosniff, a strict referrer policy, HSTS when PUBLIC_URL is https.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_URL' | 'RECAPTCHA_SITE_KEY' | 'API_PREFIX'>,
  webDistDir: string | undefined,
): void {
  let hashes: string[] = [];
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  if (indexFile && fs.existsSync(indexFile)) hashes = inlineScriptHashes(fs.readFileSync(indexFile, 'utf8'));
  const csp = appCsp(config, hashes);
  const hsts = config.PUBLIC_URL?.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : undefined;
  const prefix = config.API_PREFIX;
  const isApi = (url: string) =>
    prefix === '' || url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Content-Security-Policy', isApi(request.url) ? API_CSP : csp);
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', REFERRER_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), payment=(), usb=(), microphone=(self), geolocation=(self)');
    if (hsts) reply.header('Strict-Transport-Security', hsts);
  });
}

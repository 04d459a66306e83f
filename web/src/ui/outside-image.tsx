import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { apiBase } from '../api/base-url';
import { api } from '../api/http';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { Button } from './button';
import { fileSrc } from './file-url';

/**
 * Outside images reach the page only through the server's signed image proxy (the CSP allows
 * images from our own origins only, finding N4): this asks the server for proxy links, a batch per
 * tick, remembered per URL. A link works for a while (`expires` in it, issue #40) and only for the
 * login session that asked: a remembered link is asked again when it is about to expire or the
 * session changed. Our own images (relative paths, the API's origin, data:, blob:) are used as
 * they are.
 */
interface Remembered {
  link: Promise<string | null>;
  /** The session token it was asked with. */
  token: string | null;
  /** When to ask again (ms); Infinity until the answer says. */
  renewAt: number;
}
const links = new Map<string, Remembered>();
const queue: Array<{ url: string; resolve: (link: string | null) => void }> = [];
/** A link is asked again this long before its expiry, so a page never shows one that just died. */
const RENEW_BEFORE_MS = 5 * 60_000;

/** When a proxy link ends (ms), from its `expires` (unix seconds); Infinity when it has none. */
export function linkExpiry(link: string): number {
  const expires = /[?&]expires=(\d+)/.exec(link)?.[1];
  return expires ? Number(expires) * 1000 : Number.POSITIVE_INFINITY;
}

function flush(): void {
  const batch = queue.splice(0, 50);
  if (queue.length > 0) setTimeout(flush, 0);
  api<{ links: Array<string | null> }>('/media/image-links', {
    method: 'POST',
    body: { urls: batch.map((b) => b.url) },
  }).then(
    ({ links: answered }) => {
      batch.forEach((b, i) => {
        const link = answered[i];
        const remembered = links.get(b.url);
        if (remembered && link) remembered.renewAt = linkExpiry(link) - RENEW_BEFORE_MS;
        b.resolve(link ? fileSrc(link) : null);
      });
    },
    () => {
      for (const b of batch) {
        links.delete(b.url);
        b.resolve(null);
      }
    },
  );
}

/** True for images the page may load as they are. */
export function isOwnImage(url: string): boolean {
  if (/^(data|blob):/i.test(url)) return true;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const origin = new URL(url).origin;
    return origin === window.location.origin || origin === new URL(apiBase(), window.location.href).origin;
  } catch {
    return false;
  }
}

/** The src to use for an image URL: itself when ours, else its proxy link (null when it has none). */
export function proxiedImage(url: string): Promise<string | null> {
  if (isOwnImage(url)) return Promise.resolve(url);
  const token = useAppStore.getState().token;
  const known = links.get(url);
  if (known && known.token === token && Date.now() < known.renewAt) return known.link;
  const link = new Promise<string | null>((resolve) => {
    if (queue.length === 0) setTimeout(flush, 0);
    queue.push({ url, resolve });
  });
  links.set(url, { link, token, renewAt: Number.POSITIVE_INFINITY });
  return link;
}

/** The src for `url` once known (undefined until then, or when `enabled` is false). */
export function useProxiedSrc(url: string | undefined, enabled = true): string | undefined {
  const [src, setSrc] = useState<string | undefined>(() => (url && isOwnImage(url) ? url : undefined));
  useEffect(() => {
    if (!url || !enabled) return;
    let live = true;
    proxiedImage(url).then((link) => {
      if (live) setSrc(link ?? undefined);
    });
    return () => {
      live = false;
    };
  }, [url, enabled]);
  return enabled ? src : undefined;
}

/**
 * An `<img>` whose outside source is loaded through the proxy (tool thumbnails, favicons). A picture
 * that fails to load becomes a plain tile of the same size (the caller's `className`) with a picture
 * sign, not the browser's broken-image icon; the caller's `onError` still runs.
 */
export function ProxiedImg({
  src,
  onError,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string }) {
  const proxied = useProxiedSrc(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (proxied && failed === proxied) {
    return (
      <span
        aria-hidden="true"
        data-testid="thumbnail-fallback"
        className={`${rest.className ?? ''} flex items-center justify-center bg-surface-3 text-muted`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          className="h-1/2 max-h-6 w-1/2 max-w-6"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="M21 17l-5-5-9 8" />
        </svg>
      </span>
    );
  }
  return proxied ? (
    // biome-ignore lint/a11y/useAltText: the caller passes alt in rest.
    <img
      {...rest}
      src={proxied}
      referrerPolicy="no-referrer"
      onError={(e) => {
        setFailed(proxied);
        onError?.(e);
      }}
    />
  ) : null;
}

/**
 * A markdown image: ours are shown; an outside one waits for a click (a reply's image URL can carry
 * chat text to its host), then comes through the proxy.
 */
export function MarkdownImage({ src, alt }: { src?: string; alt?: string }) {
  const own = src !== undefined && src !== '' && isOwnImage(src);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const proxied = useProxiedSrc(src || undefined, own || wanted);
  if (!src) return alt ? <span>{alt}</span> : null;
  if (own || wanted) {
    // A picture that does not load (gone, not an image, refused by the proxy): a tile that says
    // so, with its description, instead of the browser's broken-image sign.
    if (failed)
      return (
        <span
          role="img"
          aria-label={appTexts.markdown.imageFailed(alt ?? '')}
          data-testid="image-failed"
          className="inline-flex max-w-full items-center gap-2 rounded-lg border border-border bg-surface-3 px-3 py-2 text-sm text-muted"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.6}
            className="h-5 w-5 shrink-0"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 17l-5-5-9 8" />
          </svg>
          <span aria-hidden="true">{appTexts.markdown.imageFailed(alt ?? '')}</span>
        </span>
      );
    return proxied ? (
      <img
        src={proxied}
        alt={alt ?? ''}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="max-w-full"
        onError={() => setFailed(true)}
      />
    ) : (
      <span className="text-muted">{alt}</span>
    );
  }
  let host = '';
  try {
    host = new URL(src).host;
  } catch {
    return alt ? <span>{alt}</span> : null;
  }
  return (
    <Button
      onClick={() => setWanted(true)}
      className="rounded border border-border px-2 py-1 text-sm text-muted hover:text-fg"
      data-testid="outside-image"
    >
      {appTexts.markdown.loadImage(host, alt ?? '')}
    </Button>
  );
}

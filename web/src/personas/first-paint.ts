import type { Persona } from '@neura/contract';
import { setPersonas } from '../store/personas';

/**
 * The server's first paint of Explore (server/src/web/first-paint.ts): a static overlay over the
 * app, and the published catalog as a JSON block, in index.html as served for "/".
 */

/**
 * Before the first render: the catalog the page came with, so Explore renders its cards at once
 * (no GET /personas to wait for; start-up still asks for it and keeps it up to date). Call once
 * the locale is known (the names are shown in it).
 */
export function takePageCatalog(doc: Document = document): boolean {
  const block = doc.getElementById('first-catalog');
  if (!block) return false;
  block.remove();
  try {
    const personas: unknown = JSON.parse(block.textContent ?? '');
    if (!Array.isArray(personas)) return false;
    setPersonas(personas as Persona[]);
    return true;
  } catch {
    return false;
  }
}

/** Whether the server's first paint is still over the app. */
const firstPaintShown = (doc: Document = document): boolean => doc.getElementById('first-paint') !== null;

/** Takes the first paint away: the app shows itself. */
export function endFirstPaint(doc: Document = document): void {
  doc.getElementById('first-paint')?.remove();
}

/**
 * Takes the first paint away once Explore's own featured image can paint in the same frame (it is
 * the same address, already loaded: no flash of an empty card).
 */
export function endFirstPaintWhenPainted(root: ParentNode, doc: Document = document): void {
  if (!firstPaintShown(doc)) return;
  const image = root.querySelector<HTMLImageElement>('img[data-testid="persona-background"]');
  if (!image || typeof image.decode !== 'function') endFirstPaint(doc);
  else
    image.decode().then(
      () => endFirstPaint(doc),
      () => endFirstPaint(doc),
    );
}

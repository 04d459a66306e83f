import type { ComponentProps } from 'react';
import type { Markdown as MarkdownRenderer } from './markdown';

type Renderer = typeof MarkdownRenderer;

let loaded: Renderer | undefined;
let pending: Promise<Renderer> | undefined;

/**
 * Loads the markdown renderer (react-markdown, GFM, the highlighter: the largest chunk of the app)
 * as a module graph of its own, so the browser evaluates it in a task of its own instead of in one
 * long task with the page that shows it. Routes that show markdown start it alongside their page
 * (`app/pages.tsx`), so it is there by the first render.
 */
export function loadMarkdown(): Promise<Renderer> {
  pending ??= import('./markdown').then((m) => {
    loaded = m.Markdown;
    return m.Markdown;
  });
  return pending;
}

/** A lazy page that shows markdown: its chunk and the renderer load together, evaluated apart. */
export function withMarkdown<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, loadMarkdown()]).then(([m]) => m);
}

/** The markdown renderer once loaded; until then it suspends (the nearest Suspense shows its fallback). */
export function Markdown(props: ComponentProps<Renderer>) {
  if (!loaded) throw loadMarkdown();
  const Loaded = loaded;
  return <Loaded {...props} />;
}

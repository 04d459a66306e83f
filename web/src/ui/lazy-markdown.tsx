import type { ComponentProps } from 'react';
import type { Markdown as MarkdownRenderer } from './markdown';

type Renderer = typeof MarkdownRenderer;

let loaded: Renderer | undefined;
let pending: Promise<Renderer> | undefined;

/**
 * Loads the markdown renderer (react-markdown, GFM) and the code highlighter, which runs
 * highlight.js in a Web Worker (`ui/code-highlighter.ts`): highlight.js, as large again as the
 * renderer, is neither evaluated nor run on the page's main thread (with the renderer it was one
 * task of 30–75 ms when a long chat opened; a grammar's compile another). Routes that show markdown start it alongside their page
 * (`app/pages.tsx`), so it is there by the first render.
 */
export function loadMarkdown(): Promise<Renderer> {
  pending ??= Promise.all([import('./markdown'), import('./code-highlighter')]).then(([m, highlighter]) =>
    m.rendererReady.then(() => {
      m.setCodeHighlighter(highlighter.createHighlighter());
      loaded = m.Markdown;
      return m.Markdown;
    }),
  );
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

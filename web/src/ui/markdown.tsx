import { type ComponentPropsWithoutRef, Fragment, memo, useEffect, useMemo, useRef, useState } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { appTexts } from '../texts/app-texts';
import { type Split, splitGrown } from './markdown-blocks';
import { MarkdownImage } from './outside-image';
import { remarkStripHtml } from './strip-html';
import './markdown.css';
import { Button } from './button';

const SAFE_SCHEMES = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

/** Only http(s), mailto, tel, in-page and same-site links survive; anything else becomes inert. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return SAFE_SCHEMES.test(cleaned) ? cleaned : '';
}

type Pluggable = NonNullable<Options['rehypePlugins']>[number];

let rehypePlugins: Pluggable[] = [];
const REMARK_PLUGINS = [remarkGfm, remarkStripHtml];

/**
 * Installs the code highlighter (`ui/highlight.ts`, `rehypeLazyHighlight`). It is a module graph of
 * its own (highlight.js is half of the markdown code), so the browser evaluates it in a task of its
 * own: `ui/lazy-markdown.tsx` loads both and installs it before the first render.
 */
export function setCodeHighlighter(plugin: Pluggable): void {
  rehypePlugins = [plugin];
}

/** The clipboard API where allowed; a hidden textarea and execCommand where not (older webviews, http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy way.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

type CopyState = 'idle' | 'copied' | 'failed';

function CodeBlock(props: ComponentPropsWithoutRef<'pre'>) {
  const [state, setState] = useState<CopyState>('idle');
  const pre = useRef<HTMLPreElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const text = pre.current?.querySelector('code')?.textContent ?? pre.current?.textContent ?? '';
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className="code-block relative">
      <pre {...props} ref={pre} />
      <Button
        onClick={() => void copy()}
        aria-label={state === 'idle' ? appTexts.markdown.copyCode : undefined}
        data-state={state}
        className="code-copy absolute top-1.5 end-1.5 rounded bg-surface-2 px-2 py-0.5 text-xs text-muted hover:text-fg"
      >
        <span aria-live="polite">
          {state === 'copied'
            ? appTexts.markdown.copied
            : state === 'failed'
              ? appTexts.markdown.copyFailed
              : appTexts.markdown.copy}
        </span>
      </Button>
    </div>
  );
}

const COMPONENTS: Components = {
  a: ({ node: _node, href, ...rest }) => <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow" />,
  pre: ({ node: _node, ...rest }) => <CodeBlock {...rest} />,
  // Outside images wait for a click and come through the server's proxy (finding N4).
  img: ({ src, alt }) => <MarkdownImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
  table: ({ node: _node, ...rest }) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" tabIndex={0} aria-label={appTexts.markdown.table}>
      <table {...rest} />
    </section>
  ),
};

/** One top-level block, parsed and rendered only when its text changes. */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={rehypePlugins}
      skipHtml
      urlTransform={safeUrl}
      components={COMPONENTS}
    >
      {text}
    </ReactMarkdown>
  );
});

/**
 * Sanitized markdown: GFM (tables that scroll sideways on narrow screens, task lists,
 * strikethrough), highlighted code with copy, safe links in a new tab. Raw HTML is never rendered;
 * its plain words are kept.
 *
 * The text is rendered block by block (`splitGrown`), each block memoized: a streaming reply
 * re-parses only its growing last block, and the same component keeps its blocks when the reply
 * completes. The DOM is the one the whole text renders to (the newline between top-level
 * elements included).
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  // A text that grew (a streaming reply's next frame) is split again from its last blocks only.
  const last = useRef<Split | null>(null);
  const blocks = useMemo(() => {
    last.current = splitGrown(last.current, children);
    return last.current.blocks;
  }, [children]);
  return (
    <div className="markdown">
      {blocks.map((block, i) => (
        // Blocks only ever change or grow at the end of a streaming text: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-mostly list, see above.
        <Fragment key={i}>
          {i > 0 ? '\n' : null}
          <MarkdownBlock text={block} />
        </Fragment>
      ))}
    </div>
  );
});

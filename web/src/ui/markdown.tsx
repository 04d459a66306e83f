import type { Element } from 'hast';
import { toText } from 'hast-util-to-text';
import {
  type ComponentPropsWithoutRef,
  Fragment,
  memo,
  type ReactElement,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Components, defaultUrlTransform } from 'react-markdown';
import { appTexts } from '../texts/app-texts';
import type { Highlight } from './code-highlighter';
import { languageOf } from './code-language';
import { copyText } from './copy-text';
import { inLaterTask } from './later';
import { type Split, splitGrown } from './markdown-blocks';
import { nextTask } from './next-task';
import { MarkdownImage } from './outside-image';
import './markdown.css';
import { Button } from './button';

const SAFE_SCHEMES = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

/** Only http(s), mailto, tel, in-page and same-site links survive; anything else becomes inert. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return SAFE_SCHEMES.test(cleaned) ? cleaned : '';
}

let highlighter: Highlight | undefined;
/** A highlighter that could not load (its chunk): the block stays plain text. */
const keepPlain = () => undefined;

/**
 * Installs the code highlighter (`ui/code-highlighter.ts`: highlight.js in a Web Worker). It loads
 * apart from this module graph: `ui/lazy-markdown.tsx` installs it before the first render.
 */
export function setCodeHighlighter(installed: Highlight): void {
  highlighter = installed;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The highlighted code last computed for a block, and the text it is of. */
interface Highlighted {
  text: string;
  nodes: ReactNode | undefined;
}

/**
 * The blocks highlighted lately, by language and text: a row the list mounts again (scrolling back
 * to it) shows its code highlighted at once. The oldest go past a few hundred.
 */
const recent = new Map<string, Highlighted>();
const RECENT_MAX = 300;
const recentKey = (language: string, text: string) => `${language}\n${text}`;
/** Keeps a block's highlighting under `key`, in place of what the same block kept before (`previous`). */
function remember(key: string, highlighted: Highlighted, previous: string | undefined): void {
  if (previous !== undefined) recent.delete(previous);
  recent.delete(key);
  recent.set(key, highlighted);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value as string);
}

/**
 * A fenced block's `<code>`, with highlight.js's classes as rehype-highlight gave them (`hljs` and
 * the language's class; the spans for the language's grammar inside). The spans come in a later
 * task than the render (`inLaterTask`): a screenful of replies with code renders without waiting
 * for highlighting, which was a quarter of opening a long chat at 4× CPU (issue #50 item 3). A block
 * whose text grows (a streaming reply) keeps the spans it had for the text it grew from, the new
 * text plain after them, until the next highlighting.
 */
function Code({ node }: { node: Element }) {
  const language = languageOf(node);
  const text = toText(node, { whitespace: 'pre' });
  const [done, setDone] = useState<Highlighted | null>(
    () => (language ? recent.get(recentKey(language, text)) : null) ?? null,
  );
  const latest = useRef(text);
  const kept = useRef<string | undefined>(undefined);
  latest.current = text;
  const stale = done?.text !== text;
  useEffect(() => {
    const installed = highlighter;
    if (!language || !installed || !stale) return;
    let cancelled = false;
    // The newest text when the task comes (a streaming block may have grown meanwhile).
    const cancel = inLaterTask(() => {
      const code = latest.current;
      void installed(language, code).then((nodes) => {
        if (cancelled) return;
        const highlighted = { text: code, nodes };
        // A growing block (a streaming reply) keeps only its newest text's.
        const key = recentKey(language, code);
        remember(key, highlighted, kept.current);
        kept.current = key;
        setDone(highlighted);
      }, keepPlain);
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [language, stale]);
  const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
  const className = language && !classes.includes('hljs') ? ['hljs', ...classes] : classes;
  let children: ReactNode = text;
  if (done?.nodes !== undefined && text.startsWith(done.text)) {
    const rest = text.slice(done.text.length);
    children = rest ? [done.nodes, rest] : done.nodes;
  }
  return <code className={className.length > 0 ? className.join(' ') : undefined}>{children}</code>;
}

function CodeBlock({ node, children, ...props }: ComponentPropsWithoutRef<'pre'> & { node?: Element | undefined }) {
  const [state, setState] = useState<CopyState>('idle');
  const pre = useRef<HTMLPreElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The block's only child is its `<code>` (fenced or indented code).
  const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const copy = async () => {
    const text = pre.current?.querySelector('code')?.textContent ?? pre.current?.textContent ?? '';
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className="code-block relative">
      <pre {...props} ref={pre}>
        {code ? <Code node={code} /> : children}
      </pre>
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
  pre: (props) => <CodeBlock {...props} />,
  // Outside images wait for a click and come through the server's proxy (finding N4).
  img: ({ src, alt }) => <MarkdownImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
  table: ({ node: _node, ...rest }) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" tabIndex={0} aria-label={appTexts.markdown.table}>
      <table {...rest} />
    </section>
  ),
};

/** A block's text and what it renders to (React elements, no state: they can be mounted again). */
interface RenderedBlock {
  text: string;
  element: ReactElement;
}

/**
 * The blocks mounted lately, by text. A block mounted again (its row scrolled back into view, the
 * list's range moving while a chat opens, the chat opened again) is not parsed again: mounted in an
 * urgent render (a scroll, a measure), a screenful of rows parsed their markdown in one task of
 * 40–80 ms at 4× CPU (issue #50 item 3). Only mounts are kept: a streaming reply's growing block
 * renders each frame's text without keeping it. The oldest go past a thousand.
 */
const mountedBlocks = new Map<string, ReactElement>();
const MOUNTED_MAX = 1000;

/** react-markdown's rendering (skipHtml, safe URLs, our components) with one processor for every block. */
let renderBlock: ((text: string) => ReactElement) | undefined;

/**
 * The parser, evaluated in a task after this module's: the HTML property schemas that
 * hast-util-to-jsx-runtime builds as it loads (property-information) are evaluated with this module
 * (the build puts them in its chunk; imported here, they never wait for the parser's), then unified,
 * micromark and GFM with `./render-markdown`. As one module graph it was one task of 55–95 ms at
 * 4× CPU while a chat opened (issue #50 item 3). `ui/lazy-markdown.tsx` waits for it before the
 * first render.
 */
export const rendererReady: Promise<void> = import('hast-util-to-jsx-runtime')
  .then(nextTask)
  .then(() => import('./render-markdown'))
  .then(({ createMarkdownRenderer }) => {
    renderBlock = createMarkdownRenderer({ components: COMPONENTS, urlTransform: safeUrl });
  });
// A chunk that failed to load is reported where the renderer is awaited (`loadMarkdown`), never
// as an unhandled rejection.
rendererReady.catch(() => undefined);

function mountBlock(text: string): RenderedBlock {
  let element = mountedBlocks.get(text);
  if (element === undefined) {
    element = (renderBlock as (text: string) => ReactElement)(text);
    if (mountedBlocks.size >= MOUNTED_MAX) mountedBlocks.delete(mountedBlocks.keys().next().value as string);
  } else mountedBlocks.delete(text);
  mountedBlocks.set(text, element);
  return { text, element };
}

/** One top-level block, parsed and rendered only when its text changes (and on mount, only when not kept). */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  // Loaded before the first render (`ui/lazy-markdown.tsx`); until then it suspends.
  if (!renderBlock) throw rendererReady;
  const [mounted] = useState(() => mountBlock(text));
  return text === mounted.text ? mounted.element : (renderBlock as (text: string) => ReactElement)(text);
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

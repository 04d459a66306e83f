import { type ComponentPropsWithoutRef, memo, useState } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';

const SAFE_SCHEMES = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

/** Only http(s), mailto, tel, in-page and same-site links survive; anything else becomes inert. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return SAFE_SCHEMES.test(cleaned) ? cleaned : '';
}

// rehype-highlight builds a highlighter and registers every common language each time it is
// attached, and react-markdown attaches its plugins on every render: built once here, the streaming
// tail and each message mounted while scrolling skip that work (bench/long-chat.ts).
const highlight = rehypeHighlight({ detect: false });
const REHYPE_PLUGINS = [() => highlight];
const REMARK_PLUGINS = [remarkGfm];

function CodeBlock(props: ComponentPropsWithoutRef<'pre'>) {
  const [copied, setCopied] = useState(false);
  const copy = (event: React.MouseEvent<HTMLButtonElement>) => {
    const text = event.currentTarget.parentElement?.querySelector('code')?.textContent ?? '';
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div className="relative">
      <pre {...props} className="overflow-x-auto rounded-lg bg-surface-3 p-3 text-sm" />
      <button
        type="button"
        onClick={copy}
        className="absolute top-1.5 right-1.5 rounded bg-surface-2 px-2 py-0.5 text-xs text-muted hover:text-fg"
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

/**
 * Sanitized markdown (GFM tables, highlighted code with copy, safe links in a new tab).
 * Raw HTML in the source is never rendered.
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={REHYPE_PLUGINS}
        skipHtml
        urlTransform={safeUrl}
        components={{
          a: ({ node: _node, href, ...rest }) => (
            <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow" />
          ),
          pre: ({ node: _node, ...rest }) => <CodeBlock {...rest} />,
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
});

import { render } from '@testing-library/react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { safeUrl } from './markdown';
import { createMarkdownRenderer } from './render-markdown';
import { remarkStripHtml } from './strip-html';

/** Components that show what they were handed (the props react-markdown passes, `node` included). */
const COMPONENTS: Components = {
  a: ({ node, ...rest }) => <a data-node={node?.tagName} {...rest} />,
  img: ({ node: _node, src, alt }) => <span data-img={typeof src === 'string' ? src : ''}>{alt}</span>,
  pre: ({ node, children }) => <pre data-children={node?.children.length}>{children}</pre>,
};

const SAMPLES = [
  'Plain *emphasis*, **strong**, `code`, ~~struck~~ and https://auto.link',
  '[ok](https://example.com) [bad](javascript:alert(1)) [data](data:text/html,x) [mail](mailto:a@b.c) [rel](/chats)',
  '![an image](https://example.com/a.png) ![bad](javascript:alert(1))',
  'Hello <img src=x onerror="alert(1)"> <script>alert(1)</script> <b>bold words</b> after',
  '<div>\n\nblock html\n\n</div>\n\n<!-- a comment -->',
  '| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 | 4 |',
  '- [x] done\n- [ ] todo\n\n1. one\n2. two',
  '# Title\n\n> quote\n\n---\n\n```ts\nconst a = 1;\n```\n\n    indented code',
  'A footnote[^1] and a [ref][r].\n\n[^1]: The note.\n\n[r]: https://example.com/ref "Title"',
  '<a href="javascript:alert(1)">x</a> [x](<javascript:alert(1)>) [y](JAVASCRIPT:alert(1))',
  '',
];

describe('createMarkdownRenderer', () => {
  const renderMarkdown = createMarkdownRenderer({ components: COMPONENTS, urlTransform: safeUrl });

  it.each(SAMPLES)('should render %j exactly as react-markdown does with skipHtml and the same plugins', (text) => {
    const ours = render(<div>{renderMarkdown(text)}</div>);
    const theirs = render(
      <div>
        <ReactMarkdown
          remarkPlugins={[remarkGfm, remarkStripHtml]}
          skipHtml
          urlTransform={safeUrl}
          components={COMPONENTS}
        >
          {text}
        </ReactMarkdown>
      </div>,
    );
    expect(ours.container.innerHTML).toBe(theirs.container.innerHTML);
    ours.unmount();
    theirs.unmount();
  });

  it('should leave no script, no handler and no javascript: URL in what it renders', () => {
    const { container } = render(<div>{renderMarkdown(SAMPLES.join('\n\n'))}</div>);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(container.querySelector('a[href="https://example.com"]')?.textContent).toBe('ok');
  });

  it('should give the same text the same rendering each time (one processor, reused)', () => {
    const text = SAMPLES[0] as string;
    const a = render(<div>{renderMarkdown(text)}</div>);
    const b = render(<div>{renderMarkdown(text)}</div>);
    expect(a.container.innerHTML).toBe(b.container.innerHTML);
    expect(a.container.querySelector('del')?.textContent).toBe('struck');
  });
});

import type { Root } from 'hast';
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { remarkStripHtml } from './strip-html';

export interface MarkdownRenderOptions {
  /** Elements rendered by components of ours (links, code blocks, images, tables). */
  components: Partial<Components>;
  /** Every URL attribute's value goes through it (`safeUrl`: an unsafe one becomes ''). */
  urlTransform: (url: string) => string;
}

/**
 * Markdown to React elements, exactly as react-markdown 10's `Markdown` renders it with `skipHtml`,
 * the plugins `[remarkGfm, remarkStripHtml]`, `urlTransform` and `components`: the same unified
 * pipeline (remark-parse, the plugins, remark-rehype with raw HTML kept as `raw` nodes), then raw
 * nodes dropped and every URL attribute transformed, then hast-util-to-jsx-runtime with its options.
 *
 * The one difference: one frozen processor serves every text. react-markdown builds and freezes a
 * new one for each render (remark-gfm's attacher combines its micromark extensions again each time),
 * and the message list renders a block per top-level paragraph, list or table, and a streaming
 * reply its growing block each frame (issue #50 item 3).
 */
export function createMarkdownRenderer({ components, urlTransform }: MarkdownRenderOptions) {
  const processor = unified()
    .use(remarkParse)
    .use([remarkGfm, remarkStripHtml])
    .use(remarkRehype, { allowDangerousHtml: true })
    .freeze();
  return (text: string): ReactElement => {
    const tree: Root = processor.runSync(processor.parse(text));
    visit(tree, (node, index, parent) => {
      if (node.type === 'raw' && parent && typeof index === 'number') {
        // skipHtml: raw HTML never renders (remarkStripHtml has kept its words already).
        parent.children.splice(index, 1);
        return index;
      }
      if (node.type !== 'element') return;
      for (const key of Object.keys(urlAttributes)) {
        if (!Object.hasOwn(node.properties, key)) continue;
        const test = urlAttributes[key];
        if (test === null || test?.includes(node.tagName)) {
          node.properties[key] = urlTransform(String(node.properties[key] || ''));
        }
      }
    });
    return toJsxRuntime(tree, {
      Fragment,
      components,
      ignoreInvalidStyle: true,
      jsx,
      jsxs,
      passKeys: true,
      passNode: true,
    });
  };
}

/**
 * A remark plugin: raw HTML in the markdown never renders; instead of dropping a whole HTML node
 * (which eats the plain words on its line, e.g. `<div>Hi</div> there`), it keeps the node's text
 * without its tags. Script and style contents and comments are dropped.
 */

interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

/** Parents whose children are blocks: text found there is wrapped in a paragraph. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[A-Za-z][^>]*>?/g, '')
    .replace(/<![^>]*>/g, '');
}

function transform(parent: Node): void {
  const children = parent.children;
  if (!children) return;
  const flow = FLOW_PARENTS.has(parent.type);
  const next: Node[] = [];
  for (const child of children) {
    if (child.type === 'html') {
      const text = htmlToText(child.value ?? '');
      if (flow) {
        if (text.trim() !== '') next.push({ type: 'paragraph', children: [{ type: 'text', value: text.trim() }] });
      } else if (text !== '') next.push({ type: 'text', value: text });
      continue;
    }
    transform(child);
    next.push(child);
  }
  parent.children = next;
}

export function remarkStripHtml() {
  return (tree: Node) => transform(tree);
}

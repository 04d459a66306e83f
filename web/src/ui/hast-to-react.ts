import type { ElementContent } from 'hast';
import { createElement, type ReactNode } from 'react';

/** Nodes of highlight.js's output as React children: spans with its classes around the text. */
export function hastToReact(nodes: ElementContent[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const classes = node.properties.className;
    return createElement(
      node.tagName,
      { key: i, className: Array.isArray(classes) ? classes.join(' ') : undefined },
      ...hastToReact(node.children),
    );
  });
}

import type { Element } from 'hast';

/**
 * The language a fenced block's `<code>` names (`language-x` or `lang-x`), false where it asks for
 * no highlighting (`no-highlight`), undefined where it names none: as rehype-highlight reads it.
 */
export function languageOf(node: Element): string | false | undefined {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return undefined;
  let name: string | undefined;
  for (const value of classes.map(String)) {
    if (value === 'no-highlight' || value === 'nohighlight') return false;
    if (!name && value.startsWith('lang-')) name = value.slice(5);
    if (!name && value.startsWith('language-')) name = value.slice(9);
  }
  return name;
}

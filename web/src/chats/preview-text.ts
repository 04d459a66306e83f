/**
 * A chat preview as one line of plain text: the markdown of a message without its syntax
 * (headings, emphasis, list and quote markers, code fences, links, tables, HTML tags).
 */
export function previewText(markdown: string | null | undefined): string {
  if (!markdown) return '';
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(```|~~~).*$/, '')
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*(>\s*)+/, '')
        .replace(/^\s*([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '')
        .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/, '')
        .replace(/\s*\|\s*/g, ' ')
        .replace(/^\s*([-*_]\s*){3,}$/, ''),
    )
    .join(' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

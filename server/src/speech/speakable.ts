/**
 * Turns a reply's markdown into text a voice can read: the words stay, the markup goes
 * (emphasis, headings, list markers, links and images keep their text, code keeps its content,
 * tables become comma-separated, HTML tags and URLs in brackets disappear).
 */
export function toSpeakableText(markdown: string): string {
  let text = markdown.replace(/\r\n?/g, '\n');
  // Fenced code: keep the code, drop the fences and the language tag.
  text = text.replace(/^[ \t]*(```|~~~)[^\n]*$/gm, '');
  // Images and links keep their text: ![alt](url) → alt, [text](url) → text, [text][ref] → text.
  text = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1');
  text = text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
  text = text.replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1');
  // Reference definitions and autolinks.
  text = text.replace(/^[ \t]*\[[^\]]+\]:\s*\S+.*$/gm, '');
  text = text.replace(/<(https?:\/\/[^>\s]+)>/g, '$1');
  // HTML tags.
  text = text.replace(/<\/?[A-Za-z][^>]*>/g, ' ');
  // Headings, block quotes, list markers, horizontal rules.
  text = text.replace(/^[ \t]{0,3}#{1,6}\s+/gm, '');
  text = text.replace(/^[ \t]*#{1,6}[ \t]*$/gm, '');
  text = text.replace(/^[ \t]*>+\s?/gm, '');
  text = text.replace(/^[ \t]*([-*_])(\s*\1){2,}[ \t]*$/gm, '');
  text = text.replace(/^[ \t]*[-*+]\s+(\[[ xX]\]\s+)?/gm, '');
  text = text.replace(/^[ \t]*\d+[.)]\s+/gm, '');
  // Tables: separator rows go, cells are read as a list.
  text = text.replace(/^[ \t]*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?[ \t]*$\n?/gm, '');
  text = text.replace(/^[ \t]*\|(.*)\|[ \t]*$/gm, (_m, row: string) =>
    row
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean)
      .join(', '),
  );
  // Inline code and emphasis markers.
  text = text.replace(/`+([^`]*)`+/g, '$1');
  text = text.replace(/(\*\*|__)(.+?)\1/g, '$2');
  text = text.replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, '$1$2');
  text = text.replace(/(^|[^\w_])_(?!\s)([^_\n]+?)_(?!\w)/g, '$1$2');
  text = text.replace(/~~(.+?)~~/g, '$1');
  // Whitespace: paragraphs stay apart, everything else collapses.
  return text
    .split(/\n{2,}/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

import type TurndownService from 'turndown';
import { decodeText, SafeHttpError } from './http/safe-client.js';
import { SkillError } from './skill-error.js';
import type { SkillModule } from './skill-tool.js';
import { skillTool } from './skill-tool.js';
import { plainText } from './text.js';

/** The page text handed to the model, in characters. */
export const MAX_CONTENT_CHARS = 20_000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const TEXT_TYPES = ['text/plain', 'text/markdown', 'application/json'];
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

/**
 * The HTML reader's modules (linkedom, Readability, turndown: a few hundred files), loaded on the
 * first page read, not at every process start.
 */
let reader: Promise<HtmlReader> | undefined;
interface HtmlReader {
  parseHTML: typeof import('linkedom').parseHTML;
  Readability: typeof import('@mozilla/readability').Readability;
  turndown: TurndownService;
}
function htmlReader(): Promise<HtmlReader> {
  reader ??= Promise.all([import('linkedom'), import('@mozilla/readability'), import('turndown')]).then(
    ([{ parseHTML }, { Readability }, { default: Turndown }]) => {
      const turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
      turndown.remove([
        'script',
        'style',
        'noscript',
        'iframe',
        'nav',
        'footer',
        'form',
        'svg',
        'button',
      ] as TurndownService.Filter);
      return { parseHTML, Readability, turndown };
    },
  );
  return reader;
}

function cap(text: string): string {
  const trimmed = text.replace(/\n{3,}/g, '\n\n').trim();
  return trimmed.length <= MAX_CONTENT_CHARS ? trimmed : `${trimmed.slice(0, MAX_CONTENT_CHARS)}\n\n…(cut here)`;
}

/** HTML → the readable article as markdown (Readability on linkedom, then turndown). */
export async function htmlToMarkdown(html: string, url: string): Promise<{ title: string; content: string }> {
  const { parseHTML, Readability, turndown } = await htmlReader();
  // linkedom has no document URL: a <base> makes relative links resolve against the page.
  const base = `<base href="${url.replace(/"/g, '%22')}">`;
  const withBase = /<base\s/i.test(html)
    ? html
    : /<head[^>]*>/i.test(html)
      ? html.replace(/<head[^>]*>/i, (m) => `${m}${base}`)
      : `<head>${base}</head>${html}`;
  const { document } = parseHTML(withBase);
  const fallbackTitle = plainText(document.querySelector('title')?.textContent ?? '', 200);
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    charThreshold: 200,
  }).parse();
  if (article?.content) {
    return { title: plainText(article.title, 200) || fallbackTitle, content: cap(turndown.turndown(article.content)) };
  }
  const { document: raw } = parseHTML(html);
  for (const el of Array.from(
    raw.querySelectorAll('script, style, noscript, nav, header, footer, iframe, svg, form'),
  ) as Array<{
    remove: () => void;
  }>)
    el.remove();
  const body = raw.querySelector('body');
  return { title: fallbackTitle, content: cap(turndown.turndown(body?.innerHTML ?? '')) };
}

export const readUrlSkill: SkillModule<'read_url'> = {
  id: 'read_url',
  available: () => true,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'read_url',
      label: 'page',
      description:
        'Read a web page (http or https) and get its main text as markdown, without menus or scripts. Long pages are cut.',
      run: async ({ url }, run) => {
        let page: Awaited<ReturnType<typeof run.http.safe.request>>;
        try {
          page = await run.http.safe.request(url, {
            signal: run.signal,
            maxBytes: MAX_PAGE_BYTES,
            timeoutMs: 20_000,
            headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,*/*;q=0.5' },
          });
        } catch (error) {
          if (error instanceof SafeHttpError) throw new SkillError(error.message);
          throw error;
        }
        if (page.status < 200 || page.status >= 300)
          throw new SkillError(`The page answered with HTTP ${page.status}.`);
        const type = page.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
        const text = decodeText(page);
        if (HTML_TYPES.includes(type) || (type === '' && /<html|<body/i.test(text.slice(0, 2000)))) {
          const { title, content } = await htmlToMarkdown(text, page.url);
          return { url: page.url, title: title || new URL(page.url).hostname, content };
        }
        if (TEXT_TYPES.includes(type) || type.startsWith('text/')) {
          return { url: page.url, title: new URL(page.url).pathname.split('/').pop() || page.url, content: cap(text) };
        }
        throw new SkillError(`This address is not a readable page (it is ${type || 'of an unknown type'}).`);
      },
    }),
};

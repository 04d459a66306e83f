// The bundle budget (issue #15, docs/PERFORMANCE.md "Bundle"): the JS the built web/dist/index.html
// loads up front (its module entry script and every modulepreload) must stay within 100 KB gzip (issue #50).
// A size, not a time. Run by `npm test` after the build; `node scripts/bundle-budget.mjs [distDir]`.
// Node built-ins only, like the other repo scripts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 100;

const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributes(source) {
  const out = {};
  for (const m of source.matchAll(ATTRIBUTE)) out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

/**
 * The same-origin scripts index.html loads up front, in document order without repeats: every
 * `<script type="module" src>` (the entry; classic scripts count too) and every
 * `<link rel="modulepreload" href>`. Paths as written (e.g. `/assets/index-abc.js`).
 */
export function firstRouteScripts(html) {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const found = [];
  for (const tag of withoutComments.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(tag[2]);
    const name = tag[1].toLowerCase();
    const rels = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const url = name === 'script' ? attrs.src : rels.includes('modulepreload') ? attrs.href : undefined;
    if (!url || /^([a-z][a-z\d+.-]*:)?\/\//i.test(url) || url.startsWith('data:')) continue;
    if (!found.includes(url)) found.push(url);
  }
  return found;
}

/** Raw and gzip bytes of each first-route script of a built dist directory. */
export function measureFirstRoute(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = firstRouteScripts(html).map((url) => {
    const file = path.join(distDir, decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\.?\//, ''));
    const buf = fs.readFileSync(file);
    return { url, raw: buf.length, gzip: gzipSync(buf).length };
  });
  return { files, gzip: files.reduce((a, f) => a + f.gzip, 0), raw: files.reduce((a, f) => a + f.raw, 0) };
}

/** The verdict line: within budget, or a failure naming the budget and the actual size. */
export function verdict(gzipBytes, budgetKb = BUDGET_KB) {
  const kb = gzipBytes / 1024;
  const ok = kb <= budgetKb;
  const size = `${kb.toFixed(1)} KB gzip`;
  return {
    ok,
    message: ok
      ? `✓ Bundle budget: first-route JS is ${size}, within the ${budgetKb} KB gzip budget.`
      : `✖ Bundle budget exceeded: first-route JS (entry + modulepreloads of index.html) is ${size}, over the ${budgetKb} KB gzip budget by ${(kb - budgetKb).toFixed(1)} KB. Load new heavy UI lazily (docs/PERFORMANCE.md "Bundle").`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'web/dist'));
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(
      `✖ Bundle budget: ${path.join(dist, 'index.html')} is missing; build the web app first (npm run build).`,
    );
    process.exit(1);
  }
  const result = measureFirstRoute(dist);
  for (const f of result.files)
    console.log(
      `  ${f.url.padEnd(48)} ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip`,
    );
  const { ok, message } = verdict(result.gzip);
  (ok ? console.log : console.error)(message);
  process.exit(ok ? 0 : 1);
}

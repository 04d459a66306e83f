import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { compressAssets, pickEncoding } from './compressed-assets.js';
import { type FirstPaintCatalog, firstPaintPage } from './first-paint-page.js';

/**
 * Serves the built web app: hashed assets cached for a year (brotli or gzip when the browser takes
 * it: the entry script is a third of its size that way), index.html (and the service worker) never cached, and every unknown non-API GET answered with index.html so the client router
 * shows its own Not Found page.
 */
export async function serveWeb(
  app: FastifyInstance,
  distDir: string,
  apiPrefix: string,
  catalog?: FirstPaintCatalog,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // Explore ("/") as a visitor first sees it, painted before the app's JS (first-paint.ts).
  const firstPage =
    hasWeb && catalog ? firstPaintPage(fs.readFileSync(indexFile, 'utf8'), catalog, apiPrefix) : undefined;
  if (!hasWeb) app.log.warn({ distDir }, 'web app is not built; only the API is served');
  else {
    const compressed = await compressAssets(distDir);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const asset = await compressed.get(request.url.split('?')[0] ?? '');
      if (!asset) return;
      const encoding = pickEncoding(request.headers['accept-encoding'], asset);
      reply.header('Vary', 'Accept-Encoding');
      if (!encoding) return;
      const body = asset[encoding] as Buffer;
      return reply
        .header('Content-Type', asset.type)
        .header('Content-Encoding', encoding)
        .header('Content-Length', String(body.length))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(body);
    });
    // One wildcard route that looks a file up when asked (a missing one falls to the not-found
    // handler below), not a route per built file: `wildcard: false` globbed ~600 files and
    // registered a GET and a HEAD route for each at every start (~0.3 s of CPU on a 2.1 GHz core).
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // A folder (`/`, `/icons/`) is not a file: the not-found handler answers (Explore's first paint, the app).
      allowedPath: (pathname) => !pathname.endsWith('/'),
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi =
      apiPrefix === '' || url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith('/socket.io');
    if (isApi || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found.', code: 'not-found' });
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    // A shared chat (issue #30) and a persona's link page (issue #40) are never for search engines.
    if (url.startsWith('/share/') || url.startsWith('/p/')) reply.header('X-Robots-Tag', 'noindex, nofollow');
    if (url === '/' && firstPage) {
      const page = await firstPage(request.headers['accept-language']);
      if (page !== undefined) {
        const encoding = pickEncoding(request.headers['accept-encoding'], page);
        const body = encoding ? (page[encoding] as Buffer) : page.plain;
        reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Accept-Encoding').type(page.type);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.header('Content-Length', String(body.length)).send(body);
      }
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexFile));
  });
}

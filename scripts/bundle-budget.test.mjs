import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, firstRouteScripts, measureFirstRoute, verdict } from './bundle-budget.mjs';

describe('firstRouteScripts', () => {
  it('should list the entry script and every modulepreload in document order, once each', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/core-B.js">
      <link href='/assets/jsx-C.js' rel='modulepreload'>
      <link rel="modulepreload" href="/assets/core-B.js">
      <link rel="stylesheet" href="/assets/index-D.css">
      <link rel="preload" as="font" href="/assets/font.woff2">
      <link rel="manifest" href="/manifest.webmanifest">
    </head><body><!-- <script src="/assets/commented-out.js"></script> --></body></html>`;
    expect(firstRouteScripts(html)).toEqual(['/assets/index-A.js', '/assets/core-B.js', '/assets/jsx-C.js']);
  });

  it('should leave out other origins and inline scripts', () => {
    const html = `<script src="https://www.google.com/recaptcha/api.js"></script>
      <script src="//cdn.example.com/x.js"></script><script>window.x = 1</script>
      <link rel=modulepreload href=/assets/a.js>`;
    expect(firstRouteScripts(html)).toEqual(['/assets/a.js']);
  });
});

describe('measureFirstRoute and verdict', () => {
  it('should sum the gzip sizes of the first-route scripts and fail over the budget with both sizes named', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-budget-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const entry = Buffer.from('export const a = 1;\n'.repeat(50));
    const preload = Buffer.from('export const b = 2;\n');
    fs.writeFileSync(path.join(dist, 'assets/index.js'), entry);
    fs.writeFileSync(path.join(dist, 'assets/core.js'), preload);
    fs.writeFileSync(path.join(dist, 'assets/lazy.js'), Buffer.alloc(500_000, 1));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/core.js">',
    );
    const result = measureFirstRoute(dist);
    expect(result.files.map((f) => f.url)).toEqual(['/assets/index.js', '/assets/core.js']);
    expect(result.gzip).toBe(gzipSync(entry).length + gzipSync(preload).length);
    fs.rmSync(dist, { recursive: true, force: true });

    expect(verdict(BUDGET_KB * 1024).ok).toBe(true);
    const over = verdict(131.25 * 1024);
    expect(over.ok).toBe(false);
    expect(over.message).toContain('131.3 KB gzip');
    expect(over.message).toContain(`${BUDGET_KB} KB gzip budget`);
  });
});

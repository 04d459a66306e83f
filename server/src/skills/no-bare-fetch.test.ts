import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The skills reach the network through exactly two clients (http/provider-client.ts for
 * operator-configured hosts, http/safe-client.ts for everything else). A bare `fetch(` anywhere
 * else under skills/ would bypass the SSRF checks, so it fails this test.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = new Set(['http/provider-client.ts', 'http/safe-client.ts']);
const BARE_FETCH = /(^|[^.\w$])fetch\s*\(/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

export function bareFetchLines(source: string): number[] {
  return source
    .split('\n')
    .map((line, i) => (BARE_FETCH.test(line.replace(/\/\/.*$/, '')) ? i + 1 : 0))
    .filter((n) => n > 0);
}

describe('skills network access', () => {
  it('should find a bare fetch call when one is written', () => {
    expect(bareFetchLines('const r = await fetch(url);')).toEqual([1]);
    expect(bareFetchLines('x\nreturn fetch (u)')).toEqual([2]);
    expect(bareFetchLines('await client.fetch(url); // fetch(x)')).toEqual([]);
    expect(bareFetchLines('const undiciFetch = 1; prefetch(u)')).toEqual([]);
  });

  it('should have no bare fetch outside the two HTTP clients', () => {
    const offenders = sources(here).flatMap((file) => {
      const rel = path.relative(here, file).split(path.sep).join('/');
      if (CLIENTS.has(rel)) return [];
      return bareFetchLines(fs.readFileSync(file, 'utf8')).map((line) => `${rel}:${line}`);
    });
    expect(sources(here).length).toBeGreaterThan(3);
    expect(offenders).toEqual([]);
  });
});

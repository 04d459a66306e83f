import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRules, parseCopy, parseDockerfile } from './check-dockerfile.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('check-dockerfile', () => {
  it("should find no problem in the repo's Dockerfile", () => {
    const stages = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', 'app']);
    expect(stages.every((s) => s.image === stages[0]?.image)).toBe(true);
    expect(checkRules(stages)).toEqual([]);
  });

  it('should pin the Node the Node 24 CI tier runs', () => {
    const stages = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    const tier = /NODE24_VERSION:-([\d.]+)/.exec(fs.readFileSync(path.join(root, '.ci/node24'), 'utf8'))?.[1];
    expect(stages[0]?.image).toBe(`node:${tier}-bookworm-slim`);
  });

  it('should read ARG defaults, stage names, joined lines and COPY forms', () => {
    const text = [
      'ARG V=24.1.0',
      'FROM node:$' + '{V}-bookworm-slim AS b',
      '# c',
      'RUN a \\',
      '  && b',
      'FROM node:$V-bookworm-slim',
    ];
    const stages = parseDockerfile(text.join('\n'));
    expect(stages).toEqual([
      { name: 'b', image: 'node:24.1.0-bookworm-slim', steps: [{ op: 'RUN', args: 'a    && b' }] },
      { name: '1', image: 'node:24.1.0-bookworm-slim', steps: [] },
    ]);
    expect(parseCopy('--from=b /app/x ./x')).toEqual({ from: 'b', sources: ['/app/x'], dest: './x' });
    expect(parseCopy('a b ./')).toEqual({ from: undefined, sources: ['a', 'b'], dest: './' });
  });

  it('should name each broken rule', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-dockerfile-'));
    try {
      const bad = parseDockerfile(
        'FROM node:20.1.0-bookworm AS build\nCOPY missing.txt ./\nFROM node:18.1.0-bookworm-slim\nCOPY --from=nope /a /a\nCOPY . .\nUSER root\nENV DATA_DIR=/data\n',
      );
      const problems = checkRules(bad, dir).join('\n');
      for (const text of [
        'not an official node:<version>-<debian>-slim image',
        'Node 18 is not a current LTS',
        'COPY missing.txt: not in the repo',
        'COPY --from=nope: no such stage',
        'non-root USER',
        'must be a VOLUME',
        'HEALTHCHECK on the ready endpoint',
        'NODE_ENV=production',
        'must not COPY the whole context',
        'needs a CMD',
        '.dockerignore is missing',
      ])
        expect(problems).toContain(text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should refuse to start an image that --build-into did not finish, and remove that folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-image-test-'));
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/check-dockerfile.mjs'), '--start-built', dir], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('holds no finished build (run --build-into first)');
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('should report the problems --build-into recorded instead of starting the image', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-image-test-'));
    fs.writeFileSync(path.join(dir, 'build.json'), JSON.stringify(['stage build: RUN npm ci failed (exit 1)']));
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/check-dockerfile.mjs'), '--start-built', dir], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('stage build: RUN npm ci failed (exit 1)');
    expect(run.stdout).not.toContain("starting the image's CMD");
  });
});

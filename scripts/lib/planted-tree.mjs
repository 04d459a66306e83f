import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * The fitness tests' planted trees: `plant(files)` writes `files` ({ path: source }, each path under
 * `under`) into a fresh temp folder and answers it; every folder is removed after the file's tests.
 */
export function plantedTrees(name, under = '') {
  const made = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  return function plant(files) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `neura-${name}-`));
    made.push(dir);
    for (const [file, text] of Object.entries(files)) {
      const target = path.join(dir, under, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
    }
    return dir;
  };
}

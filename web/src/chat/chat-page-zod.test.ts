import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const STATIC_IMPORT = /^(?:import|export)\s+(type\s+)?(?:([\w*\s{},]*?)\s+from\s+)?'([^']+)';/gms;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  return null;
}

/** The values (not types) each module the chat page loads up front takes from '@neura/contract'. */
function contractValuesOf(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, typeOnly, names = '', spec] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (typeOnly || !spec) continue;
      if (spec === '@neura/contract') {
        const values = names
          .replace(/[{}]/g, '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        if (values.length) found.set(path.relative(SRC, file), values);
      } else if (spec.startsWith('.')) {
        const next = resolve(file, spec);
        if (next) queue.push(next);
      }
    }
  }
  return found;
}

describe('opening a chat', () => {
  it('should build no zod schema of the contract: the modules it loads up front import none', () => {
    // A zod schema imported by the chat page made the browser evaluate every schema of its contract
    // module (and zod itself) on open: a long task at 4× CPU (issue #50 item 3). Hand guards
    // (api/guards.ts) check the answers instead; lazy code may still import a schema.
    const schemas = [...contractValuesOf(path.join(SRC, 'chat/chat-page.tsx'))].flatMap(([file, values]) =>
      values.filter((v) => /Schema$/.test(v)).map((v) => `${file}: ${v}`),
    );
    expect(schemas).toEqual([]);
  });
});

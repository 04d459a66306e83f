import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Ways to send to a user's room or to every client: `toUser(…)`, `toUserHere(…)`, `.to(userRoom(…))`, `session.emit(…)`. */
const EMITS = /\.toUser(Here)?\(|\.to\(userRoom\(|\.session\.emit\(|\.in\(userRoom\([^)]*\)\)\.emit\(/;

describe('realtime/ is the only emitter to user rooms (issue #27)', () => {
  it('should find no emit to a user room or to every client outside server/src/realtime', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(path.join(SRC, 'realtime') + path.sep))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${path.relative(SRC, file)}:${i + 1}`, line: line.trim() }))
          .filter(({ line }) => EMITS.test(line)),
      );
    expect(offenders).toEqual([]);
  });

  it('should recognise the emits it forbids (the check itself)', () => {
    for (const line of [
      "realtime.toUser(userId).emit('x', {})",
      'this.deps.realtime.toUserHere(id)',
      "io.to(userRoom(id)).emit('x')",
      "realtime.session.emit('personas.changed', {})",
    ])
      expect(EMITS.test(line), line).toBe(true);
    expect(EMITS.test('const sockets = await realtime.session.in(userRoom(userId)).fetchSockets();')).toBe(false);
  });
});

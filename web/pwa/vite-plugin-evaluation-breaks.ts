import type { Plugin } from 'vite';

/** What a break becomes in the built entry: the rest of the chunk waits for a task of its own. */
export const EVALUATION_BREAK = 'await new Promise(r=>setTimeout(r))';
/** What a marker module becomes until the chunk is rendered (a call the bundler keeps in place). */
const MARKER = '__neuraEvaluationBreak__()';
/** The marker modules (`web/src/app/evaluation-break-*.ts`). */
const MARKER_MODULE = /[\\/]src[\\/]app[\\/]evaluation-break-[a-z-]+\.ts$/;

/**
 * Splits the evaluation of the entry chunk into tasks (issue #50 item 3). The browser evaluates a
 * module graph in one task: the entry (React DOM, the router, the app's shell) was one task of
 * 80–100 ms on a phone (4× CPU). Each module `web/src/app/evaluation-break-*.ts` marks a place in
 * the entry where its evaluation yields to the browser (a top-level await of a timer): what comes
 * after it in the chunk is evaluated in a later task.
 *
 * The await is put in only once the chunk is rendered: a top-level await in the sources makes
 * Rolldown give up merging chunks (its chunk optimizations keep the execution order of modules
 * with top-level await), which split the first route into 20 small chunks and 5 KB more gzip. Not in
 * dev or tests: there a marker module is empty.
 */
export function evaluationBreaks(): Plugin {
  let marked = 0;
  let placed = 0;
  return {
    name: 'neura-evaluation-breaks',
    apply: 'build',
    buildStart() {
      marked = 0;
      placed = 0;
    },
    transform(_code, id) {
      if (!MARKER_MODULE.test(id)) return null;
      marked++;
      return { code: `${MARKER};\n`, map: null };
    },
    renderChunk(code, chunk) {
      const count = code.split(MARKER).length - 1;
      if (count === 0) return null;
      if (!chunk.isEntry) this.error(`an evaluation break landed in ${chunk.fileName}, not in the entry chunk`);
      placed += count;
      // The marker is a statement of its own line: the chunk's other lines keep their source map.
      return { code: code.replaceAll(MARKER, EVALUATION_BREAK), map: null };
    },
    generateBundle() {
      if (placed !== marked) this.error(`${marked} evaluation breaks marked, ${placed} placed in the entry chunk`);
    },
  };
}

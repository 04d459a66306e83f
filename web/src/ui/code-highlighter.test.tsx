import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createHighlighter } from './code-highlighter';
import { highlightCode } from './highlight';
import { answer, type HighlightAnswer, type HighlightRequest, serve } from './highlight-worker';

/** A Worker as the browser runs `ui/highlight-worker.ts`: answers each message in a later task. */
class FakeWorker extends EventTarget {
  posted: HighlightRequest[] = [];
  terminated = false;
  constructor(private readonly reply: (request: HighlightRequest) => void = () => undefined) {
    super();
  }
  postMessage(request: HighlightRequest) {
    this.posted.push(request);
    setTimeout(() => this.reply(request));
  }
  terminate() {
    this.terminated = true;
  }
  answering() {
    const worker = new FakeWorker((request) =>
      worker.dispatchEvent(new MessageEvent('message', { data: [answer(request)] })),
    );
    return worker;
  }
}
const html = (nodes: unknown) => renderToStaticMarkup(<code>{nodes as React.ReactNode}</code>);
const ts = 'const answer: number = 42;\nexport function f(x: string) { return x; }';

describe('createHighlighter', () => {
  it('should highlight in the worker, with the spans highlighting on this thread gives', async () => {
    const worker = new FakeWorker().answering();
    const highlight = createHighlighter(() => worker as unknown as Worker);
    const nodes = await highlight('ts', ts);
    expect(worker.posted.map((r) => [r.language, r.code])).toEqual([['ts', ts]]);
    expect(html(nodes)).toBe(html(highlightCode('ts', ts)));
    expect(html(nodes)).toContain('<span class="hljs-keyword">const</span>');
    // A language no grammar knows stays plain.
    expect(await highlight('nosuchlanguage', 'plain')).toBeUndefined();
  });

  it('should highlight on this thread where there is no worker', async () => {
    const highlight = createHighlighter(() => undefined);
    expect(html(await highlight('ts', ts))).toBe(html(highlightCode('ts', ts)));
  });

  it('should highlight on this thread where the worker cannot start', async () => {
    const highlight = createHighlighter(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(html(await highlight('ts', ts))).toBe(html(highlightCode('ts', ts)));
  });

  it('should highlight what the worker was asked, and what comes after, on this thread when it fails', async () => {
    const worker = new FakeWorker();
    const highlight = createHighlighter(() => worker as unknown as Worker);
    const asked = highlight('ts', ts);
    worker.dispatchEvent(new Event('error'));
    expect(html(await asked)).toBe(html(highlightCode('ts', ts)));
    expect(worker.terminated).toBe(true);
    const later = await highlight('py', 'def f(): pass');
    expect(html(later)).toBe(html(highlightCode('py', 'def f(): pass')));
    expect(worker.posted).toHaveLength(1);
  });

  it('should answer the blocks asked for together in one message, for one render of them all', async () => {
    const posted: HighlightAnswer[][] = [];
    const scope = { onmessage: null as unknown, postMessage: (answers: HighlightAnswer[]) => posted.push(answers) };
    serve(scope);
    const ask = (request: HighlightRequest) =>
      (scope.onmessage as (e: MessageEvent) => void)(new MessageEvent('message', { data: request }));
    ask({ id: 1, language: 'ts', code: 'const a = 1;' });
    ask({ id: 2, language: 'py', code: 'x = 1' });
    expect(posted).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posted.map((answers) => answers.map((a) => a.id))).toEqual([[1, 2]]);
    ask({ id: 3, language: 'ts', code: 'let b;' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posted.map((answers) => answers.map((a) => a.id))).toEqual([[1, 2], [3]]);
  });
});

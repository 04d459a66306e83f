/**
 * Coalesces a reply's text deltas so a fast model does not cost one socket frame per token:
 * the first delta goes out at once (time to first token matters most); later ones are gathered
 * until the end of the current event-loop turn (`setImmediate`, the default) or for `intervalMs`,
 * so every token read in one turn leaves in one frame. `intervalMs` may be a function, asked as
 * each batch starts (e.g. longer batches while a burst of sends is being admitted, issue #50).
 * `flush()` sends whatever is buffered (call it before `message.done` or a tool event).
 */
export class DeltaBatcher {
  private buffer = '';
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private sentFirst = false;
  private readonly flushLater = () => {
    this.timer = undefined;
    this.immediate = undefined;
    this.flush();
  };

  constructor(
    private readonly send: (text: string) => void,
    private readonly intervalMs: number | (() => number) = 0,
  ) {}

  push(text: string): void {
    if (!text) return;
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.send(text);
      return;
    }
    this.buffer += text;
    if (this.timer || this.immediate) return;
    const ms = typeof this.intervalMs === 'function' ? this.intervalMs() : this.intervalMs;
    if (ms > 0) this.timer = setTimeout(this.flushLater, ms);
    else this.immediate = setImmediate(this.flushLater);
  }

  flush(): void {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = '';
    this.send(text);
  }
}

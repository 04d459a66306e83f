/**
 * Coalesces a reply's text deltas so a fast model does not cost one socket frame per token:
 * the first delta goes out at once (time to first token matters most); later ones are gathered
 * until the end of the current event-loop turn (`setImmediate`, the default) or for `intervalMs`,
 * so every token read in one turn leaves in one frame. `flush()` sends whatever is buffered
 * (call it before `message.done` or a tool event).
 */
export class DeltaBatcher {
  private buffer = '';
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private sentFirst = false;
  private readonly flushLater = () => {
    this.timer = undefined;
    this.flush();
  };

  constructor(
    private readonly send: (text: string) => void,
    private readonly intervalMs = 0,
  ) {}

  push(text: string): void {
    if (!text) return;
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.send(text);
      return;
    }
    this.buffer += text;
    this.timer ??= this.intervalMs > 0 ? setTimeout(this.flushLater, this.intervalMs) : setImmediate(this.flushLater);
  }

  flush(): void {
    if (this.timer) {
      if (this.intervalMs > 0) clearTimeout(this.timer as NodeJS.Timeout);
      else clearImmediate(this.timer as NodeJS.Immediate);
      this.timer = undefined;
    }
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = '';
    this.send(text);
  }
}

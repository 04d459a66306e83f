/**
 * Coalesces a reply's text deltas so a fast model does not cost one socket frame per token:
 * the first delta goes out at once (time to first token matters most), later ones at most
 * every `intervalMs`. `flush()` sends whatever is buffered (call it before `message.done`).
 */
export class DeltaBatcher {
  private buffer = '';
  private timer: NodeJS.Timeout | undefined;
  private sentFirst = false;

  constructor(
    private readonly send: (text: string) => void,
    private readonly intervalMs = 30,
  ) {}

  push(text: string): void {
    if (!text) return;
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.send(text);
      return;
    }
    this.buffer += text;
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = '';
    this.send(text);
  }
}

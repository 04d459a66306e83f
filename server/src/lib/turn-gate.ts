/**
 * Lets one unit of heavy work start per event-loop turn, so a burst of them does not hold the
 * loop: between two of them the loop reads its sockets (e.g. the tokens of replies already
 * streaming, which would otherwise wait behind every queued send's setup).
 *
 * `enter()` returns `undefined` when nothing is queued and no work has started in this turn (the
 * common case: no delay at all); otherwise a promise that resolves in a later turn, in arrival
 * order. Each unit's synchronous part and its microtasks (e.g. queries on a synchronous database
 * driver) run before the loop moves on, so "one per turn" bounds how long I/O waits to about one
 * unit's cost.
 */
export class TurnGate {
  private readonly waiting: Array<() => void> = [];
  private startedThisTurn = false;
  private scheduled = false;
  private readonly nextTurn = () => {
    this.scheduled = false;
    this.startedThisTurn = false;
    const next = this.waiting.shift();
    if (!next) return;
    this.startedThisTurn = true;
    next();
    this.schedule();
  };

  /** How many units wait for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  enter(): Promise<void> | undefined {
    if (!this.startedThisTurn && this.waiting.length === 0) {
      this.startedThisTurn = true;
      this.schedule();
      return undefined;
    }
    const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.schedule();
    return turn;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.nextTurn);
  }
}

/**
 * Lets one unit of heavy work start per event-loop turn, so a burst of them does not hold the
 * loop: between two of them the loop reads its sockets (e.g. the tokens of replies already
 * streaming, which would otherwise wait behind every queued send's setup).
 *
 * A unit may be cut into steps with `resume()`: while other units wait, each step gets a turn of
 * its own, ahead of the units that have not started yet. So a turn carries one step of one unit
 * (not a whole setup), and the units that have started go on before new ones begin.
 *
 * `enter()` returns `undefined` when nothing is queued and no work has started in this turn (the
 * common case: no delay at all); otherwise a promise that resolves in a later turn, in arrival
 * order. Each unit's synchronous part and its microtasks (e.g. queries on a synchronous database
 * driver) run before the loop moves on, so "one per turn" bounds how long I/O waits to about one
 * unit's cost.
 */
export class TurnGate {
  private readonly waiting: Array<() => void> = [];
  /** Started units waiting for their next step: they go before `waiting`. */
  private readonly resuming: Array<() => void> = [];
  /** Callers of `idle()` waiting for the queue to empty. */
  private idlers: Array<() => void> = [];
  private startedThisTurn = false;
  private scheduled = false;
  private readonly nextTurn = () => {
    this.scheduled = false;
    this.startedThisTurn = false;
    const next = this.resuming.shift() ?? this.waiting.shift();
    if (!next) return;
    this.startedThisTurn = true;
    next();
    if (this.queued === 0 && this.idlers.length > 0) {
      const idlers = this.idlers;
      this.idlers = [];
      for (const resolve of idlers) resolve();
    }
    this.schedule();
  };

  /** How many units (or steps of started ones) wait for a turn. */
  get queued(): number {
    return this.waiting.length + this.resuming.length;
  }

  /**
   * Resolves once no unit (or step) waits for a turn: at once when none does, else when the last
   * one waiting has been let in. For after-work that should yield to a burst (e.g. chat titles).
   */
  idle(): Promise<void> {
    if (this.queued === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.idlers.push(resolve));
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

  /**
   * The next step of a unit that has entered: `undefined` (go on at once) when no other unit
   * waits; otherwise a promise that resolves in a later turn, before any unit that has not started.
   */
  resume(): Promise<void> | undefined {
    if (this.queued === 0) return undefined;
    const turn = new Promise<void>((resolve) => this.resuming.push(resolve));
    this.schedule();
    return turn;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.nextTurn);
  }
}

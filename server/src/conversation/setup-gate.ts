import { TurnGate } from '../lib/turn-gate.js';

/**
 * The setups of sends and message actions (checks, charge, inserts, context, the model request:
 * about 1 ms of CPU each), and whether a burst of them is being admitted (issue #50).
 *
 * A setup starts at most once per event-loop turn, so a burst of sends does not hold back the
 * tokens of the replies already streaming: they are relayed between two setups. During a burst
 * each of its steps (`step()`) takes a turn of its own, so a token waits for at most one step.
 */
export class SetupGate {
  private readonly turns = new TurnGate();
  /** Setups begun (`run`) and not ended: waiting for a turn, the database or the model. */
  private pending = 0;
  /** Callers of `quiet()` waiting for the pending setups to end. */
  private ended: Array<() => void> = [];

  /**
   * Runs a send's or a message action's setup, from its turn asked to its reply started (or its
   * refusal), counted as pending meanwhile (see `burst`, `quiet`).
   */
  async run<T>(setup: () => Promise<T>): Promise<T> {
    this.pending++;
    try {
      return await setup();
    } finally {
      this.pending--;
      if (this.pending === 0) for (const resolve of this.ended.splice(0)) resolve();
    }
  }

  /** Waits for the setup's turn (see TurnGate.enter). */
  enter(): Promise<void> | undefined {
    return this.turns.enter();
  }

  /**
   * The setup's next step: at once when no other setup waits, else on a later turn, ahead of the
   * setups that have not started.
   */
  step(): Promise<void> | undefined {
    return this.turns.resume();
  }

  /** True while setups wait for their turn. */
  busy(): boolean {
    return this.turns.queued > 0;
  }

  /**
   * True while more than one setup is pending (a burst), also while they all wait for the database
   * (PostgreSQL) and none for a turn: replies gather their later deltas longer meanwhile.
   */
  burst(): boolean {
    return this.pending > 1 || this.turns.queued > 0;
  }

  /**
   * Resolves once no setup is pending nor waits for its turn (TurnGate.idle): after-work that yields
   * to a burst (chat titles) waits for its last setup to end, not only for its last turn.
   */
  async quiet(): Promise<void> {
    await this.turns.idle();
    while (this.pending > 0) {
      await new Promise<void>((resolve) => this.ended.push(resolve));
      await this.turns.idle();
    }
  }
}

/**
 * What a module declares about its life (issue #42, fastify/demo's habit): its name, the parts it
 * needs started first (`after`), and what it does to start and to stop. The order is derived from
 * these declarations, never written by hand: a part starts after everything it names and stops
 * before them (the reverse of the boot order).
 */
export interface LifecyclePart {
  name: string;
  /** Parts that must be running before this one starts (and must still run until it has stopped). */
  after?: readonly string[];
  start?: () => unknown;
  stop?: () => unknown;
}

/**
 * The boot order: each part after the parts it names, otherwise in the order given (a stable
 * topological sort). Throws on a duplicate name, an unknown dependency or a circle.
 */
export function bootOrder(parts: readonly LifecyclePart[]): LifecyclePart[] {
  const byName = new Map<string, LifecyclePart>();
  for (const part of parts) {
    if (byName.has(part.name)) throw new Error(`lifecycle: two parts named "${part.name}"`);
    byName.set(part.name, part);
  }
  for (const part of parts) {
    for (const dep of part.after ?? []) {
      if (!byName.has(dep)) throw new Error(`lifecycle: "${part.name}" needs "${dep}", which no module declares`);
    }
  }
  const order: LifecyclePart[] = [];
  const placed = new Set<string>();
  while (order.length < parts.length) {
    const next = parts.find((p) => !placed.has(p.name) && (p.after ?? []).every((dep) => placed.has(dep)));
    if (!next) {
      const left = parts.filter((p) => !placed.has(p.name)).map((p) => p.name);
      throw new Error(`lifecycle: a circle among ${left.join(', ')}`);
    }
    order.push(next);
    placed.add(next.name);
  }
  return order;
}

/**
 * Starts parts in boot order and stops them in reverse. A start that fails stops what had started
 * (in reverse) and rethrows; a stop that fails does not keep the others from stopping (the first
 * error is rethrown once all have run). `started` and `stopped` record what happened, in order.
 */
export class Lifecycle {
  readonly order: readonly LifecyclePart[];
  readonly started: string[] = [];
  readonly stopped: string[] = [];
  private stopping: Promise<void> | undefined;

  constructor(parts: readonly LifecyclePart[]) {
    this.order = bootOrder(parts);
  }

  async start(): Promise<void> {
    for (const part of this.order) {
      try {
        await part.start?.();
      } catch (error) {
        await this.stop().catch(() => undefined);
        throw error;
      }
      this.started.push(part.name);
    }
  }

  /** Stops the started parts, last started first; once (a second call waits for the first). */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      let failure: unknown;
      const byName = new Map(this.order.map((p) => [p.name, p]));
      for (const name of [...this.started].reverse()) {
        try {
          await byName.get(name)?.stop?.();
        } catch (error) {
          failure ??= error;
        }
        this.stopped.push(name);
      }
      if (failure !== undefined) throw failure;
    })();
    return this.stopping;
  }
}

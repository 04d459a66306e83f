/**
 * Whether a send was stored, for its early reply: `stored` answers true once the promise given to
 * `storing` has resolved, false once it has rejected (that rejection still reaches its caller).
 */
export function outcome(): { stored: Promise<boolean>; storing: (store: Promise<void>) => Promise<void> } {
  let admit: (stored: boolean) => void = () => undefined;
  const stored = new Promise<boolean>((resolve) => {
    admit = resolve;
  });
  const storing = (store: Promise<void>) =>
    store.then(
      () => admit(true),
      (error: unknown) => {
        admit(false);
        throw error;
      },
    );
  return { stored, storing };
}

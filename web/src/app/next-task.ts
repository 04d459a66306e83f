/**
 * Resolves in a new task of the event loop, not in a microtask: what follows the `await` runs in a
 * task of its own, so the browser may handle input (and paint) in between. `scheduler.yield()`
 * where the browser has it (its continuation goes ahead of other queued tasks), else a message
 * posted to a MessageChannel (no timer clamping), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

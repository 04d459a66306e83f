/**
 * Resolves in a new task of the event loop, not in a microtask: what follows the `await` runs in a
 * task of its own, so the browser may handle input (and paint) in between. A message posted to a
 * MessageChannel, as React's scheduler does (no timer clamping, no throttling in a background tab).
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSession, disconnectSession } from './session-socket';

afterEach(() => {
  disconnectSession();
  vi.unstubAllGlobals();
});

/** SPEC.md §9: timeout 20 s, reconnection delay 1–5 s with jitter 0.5, unlimited attempts — on every platform. */
const expectSpecTimings = (socket: ReturnType<typeof connectSession>) => {
  const manager = socket.io;
  expect(manager.timeout()).toBe(20_000);
  expect(manager.reconnectionDelay()).toBe(1000);
  expect(manager.reconnectionDelayMax()).toBe(5000);
  expect(manager.randomizationFactor()).toBe(0.5);
  expect(manager.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
  expect(manager.reconnection()).toBe(true);
};

describe('session socket settings', () => {
  it('should use the Socket.IO timings of SPEC.md §9 in a browser', () => {
    expectSpecTimings(connectSession('token-web'));
  });

  it('should use the same timings in the native app', () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'ios' });
    expectSpecTimings(connectSession('token-native'));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSession, disconnectSession, type SessionSocket } from './session-socket';

afterEach(() => {
  disconnectSession();
  vi.unstubAllGlobals();
});

/** SPEC.md §9: timeout 20 s, reconnection delay 1–5 s with jitter 0.5, unlimited attempts — on every platform. */
const expectSpecTimings = (socket: SessionSocket | null) => {
  if (!socket) throw new Error('connectSession was superseded');
  const manager = socket.io;
  expect(manager.timeout()).toBe(20_000);
  expect(manager.reconnectionDelay()).toBe(1000);
  expect(manager.reconnectionDelayMax()).toBe(5000);
  expect(manager.randomizationFactor()).toBe(0.5);
  expect(manager.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
  expect(manager.reconnection()).toBe(true);
};

describe('session socket settings', () => {
  it('should load socket.io-client only on connect and drop a connect that a disconnect overtook', async () => {
    const first = connectSession('token-a');
    disconnectSession();
    expect(await first).toBeNull();
    const second = connectSession('token-b');
    const third = connectSession('token-c');
    expect(await second).toBeNull();
    const socket = await third;
    expect(socket?.io.opts.query).toMatchObject({ token: 'token-c' });
  });

  it("should send the browser's IANA time zone in the handshake (the spending limits count its day)", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const socket = await connectSession('token-zone');
    expect(socket?.io.opts.query).toEqual({ token: 'token-zone', timeZone: zone });
  });

  it('should take the zone from Temporal where the browser has it, building no Intl.DateTimeFormat', async () => {
    // The first Intl.DateTimeFormat loads the locale's data: a long task on a slow phone (issue #50).
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Auckland' } });
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const socket = await connectSession('token-temporal');
    expect(socket?.io.opts.query).toEqual({ token: 'token-temporal', timeZone: 'Pacific/Auckland' });
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
  });

  it('should use the Socket.IO timings of SPEC.md §9 in a browser', async () => {
    expectSpecTimings(await connectSession('token-web'));
  });

  it('should use the same timings in the native app', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'ios' });
    expectSpecTimings(await connectSession('token-native'));
  });
});

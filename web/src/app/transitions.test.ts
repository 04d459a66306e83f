import { describe, expect, it } from 'vitest';
import { chooseTransition } from './transitions';

describe('chooseTransition', () => {
  it.each([
    ['/settings', '/settings/credits', 'slide-next'],
    ['/chats/abc', '/settings/credits', 'slide-next'],
    ['/settings/credits', '/settings', 'slide-prev'],
    ['/settings/credits', '/settings/credits/complete', 'slide-prev'],
    ['/settings/credits/complete', '/', 'slide-prev'],
    ['/chats/a', '/chats/b', 'none'],
    ['/', '/chats/a', 'slide-child-next'],
    ['/chats', '/chats/a', 'slide-child-next'],
    ['/chats/a', '/chats', 'slide-child-prev'],
    ['/chats/a', '/settings/password', 'slide-child-prev'],
    ['/settings', '/settings/password', 'slide-next'],
    ['/settings/password', '/settings', 'slide-prev'],
    ['/', '/chats', 'none'],
    ['/terms', '/changelog', 'none'],
  ] as const)('should go from %s to %s with %s', (from, to, expected) => {
    expect(chooseTransition(from, to)).toBe(expected);
  });

  it('should give the credits rules priority over depth', () => {
    // purchase-complete is deeper than credits, yet leaving it slides back.
    expect(chooseTransition('/settings/credits/complete', '/settings/credits')).toBe('slide-next');
  });
});

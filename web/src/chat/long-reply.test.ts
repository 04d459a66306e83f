import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closePushOffer, LONG_REPLY_MS, replyEnded, replyStarted, usePushOffer } from './long-reply';

let permission: NotificationPermission;
let hidden: boolean;

describe('the offer of notifications after a long reply (issue #48)', () => {
  beforeEach(() => {
    permission = 'default';
    hidden = false;
    localStorage.clear();
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  });
  afterEach(() => {
    act(() => closePushOffer());
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('should not offer on a short reply watched to its end; offer after a long one, and remember it was closed', () => {
    const offer = renderHook(() => usePushOffer());
    act(() => replyStarted('short', 0));
    act(() => void replyEnded('short', LONG_REPLY_MS - 1));
    expect(offer.result.current).toBe(false);
    act(() => replyStarted('long', 0));
    act(() => void replyEnded('long', LONG_REPLY_MS));
    expect(offer.result.current).toBe(true);
    act(() => closePushOffer());
    expect(offer.result.current).toBe(false);
    act(() => replyStarted('again', 0));
    act(() => void replyEnded('again', LONG_REPLY_MS * 2));
    expect(offer.result.current).toBe(false); // once per browser
  });

  it('should count a reply during which the tab was hidden as long', () => {
    const offer = renderHook(() => usePushOffer());
    act(() => replyStarted('away', 0));
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    act(() => void replyEnded('away', 1000));
    expect(offer.result.current).toBe(true);
  });

  it('should not offer when the browser was asked before (granted or denied)', () => {
    permission = 'denied';
    const offer = renderHook(() => usePushOffer());
    act(() => replyStarted('long', 0));
    act(() => void replyEnded('long', LONG_REPLY_MS));
    expect(offer.result.current).toBe(false);
  });
});

import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for the reCAPTCHA browser API (`window.grecaptcha`, explicit rendering): records the
 * widget's options and resets, and lets a test solve or expire it as a person would.
 */
export function installFakeGrecaptcha() {
  let callback: ((token: string) => void) | undefined;
  let expired: (() => void) | undefined;
  const render = vi.fn(
    (_el: HTMLElement, options: { sitekey: string; callback: (t: string) => void; 'expired-callback': () => void }) => {
      callback = options.callback;
      expired = options['expired-callback'];
      return 7;
    },
  );
  const reset = vi.fn();
  (window as Window & { grecaptcha?: unknown }).grecaptcha = { render, reset };
  return {
    render,
    reset,
    solve: (token: string) => act(() => callback?.(token)),
    expire: () => act(() => expired?.()),
    uninstall: () => {
      delete (window as Window & { grecaptcha?: unknown }).grecaptcha;
    },
  };
}

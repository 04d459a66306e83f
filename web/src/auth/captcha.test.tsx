import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeGrecaptcha } from '../test/fake-grecaptcha';
import { CAPTCHA_LOAD_TIMEOUT_MS, Captcha } from './captcha';

const scripts = () => [...document.head.querySelectorAll('script[src*="recaptcha"]')];

afterEach(() => {
  vi.useRealTimers();
  delete (window as Window & { grecaptcha?: unknown }).grecaptcha;
  for (const script of scripts()) script.remove();
});

describe('Captcha', () => {
  it('should recheck every second until the captcha script is ready, then render the dark widget once', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const view = render(<Captcha siteKey="site-key-1" value={null} onChange={onChange} />);
    expect(view.getByText('Loading the captcha...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    const captcha = installFakeGrecaptcha();
    expect(captcha.render).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(999));
    expect(captcha.render).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(captcha.render).toHaveBeenCalledTimes(1);
    expect(captcha.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key-1', theme: 'dark' });
    expect(view.queryByText('Loading the captcha...')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(captcha.render).toHaveBeenCalledTimes(1);
    captcha.solve('tok');
    expect(onChange).toHaveBeenLastCalledWith('tok');
    captcha.expire();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('should reset the widget when its value is cleared', () => {
    const captcha = installFakeGrecaptcha();
    const view = render(<Captcha siteKey="k" value="tok" onChange={() => undefined} />);
    expect(captcha.reset).not.toHaveBeenCalled();
    view.rerender(<Captcha siteKey="k" value={null} onChange={() => undefined} />);
    expect(captcha.reset).toHaveBeenCalledWith(7);
  });

  it('should say plainly when the script is blocked, and load it again on Retry', () => {
    vi.useFakeTimers();
    const view = render(<Captcha siteKey="k" value={null} onChange={() => undefined} />);
    expect(scripts()).toHaveLength(1);
    act(() => {
      scripts()[0]?.dispatchEvent(new Event('error'));
    });
    expect(view.queryByText('Loading the captcha...')).toBeNull();
    expect(view.getByRole('alert').textContent).toContain('The captcha could not be loaded.');
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    // The failed tag is replaced by a new one, and the widget renders once the script is there.
    expect(scripts()).toHaveLength(1);
    expect((scripts()[0] as HTMLScriptElement).dataset.state).toBeUndefined();
    expect(view.getByText('Loading the captcha...')).toBeTruthy();
    const captcha = installFakeGrecaptcha();
    act(() => vi.advanceTimersByTime(1000));
    expect(captcha.render).toHaveBeenCalledTimes(1);
    expect(view.queryByRole('alert')).toBeNull();
  });

  it('should say so when the captcha is not ready in time', () => {
    vi.useFakeTimers();
    const view = render(<Captcha siteKey="k" value={null} onChange={() => undefined} />);
    act(() => vi.advanceTimersByTime(CAPTCHA_LOAD_TIMEOUT_MS - 1));
    expect(view.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(view.getByRole('alert').textContent).toContain('The captcha could not be loaded.');
  });
});

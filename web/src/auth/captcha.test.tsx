import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeGrecaptcha } from '../test/fake-grecaptcha';
import { Captcha } from './captcha';

afterEach(() => {
  vi.useRealTimers();
  delete (window as Window & { grecaptcha?: unknown }).grecaptcha;
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
});

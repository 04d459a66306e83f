import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeyboardOpen, useViewportShrink } from './use-viewport-shrink';

/** A stand-in for `window.visualViewport` (jsdom has none): its size changes fire `resize`. */
class FakeViewport extends EventTarget {
  constructor(
    public width: number,
    public height: number,
    public scale = 1,
  ) {
    super();
  }
  resize(size: { width?: number; height?: number; scale?: number }) {
    Object.assign(this, size);
    act(() => void this.dispatchEvent(new Event('resize')));
  }
}

function install(viewport: FakeViewport | undefined) {
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
}

function Probe() {
  const shrink = useViewportShrink();
  const keyboard = useKeyboardOpen();
  return <p data-testid="probe">{`${shrink} ${keyboard ? 'keyboard' : 'none'}`}</p>;
}
const probe = () => screen.getByTestId('probe').textContent;

afterEach(() => install(undefined));

describe('useViewportShrink', () => {
  it('should see the on-screen keyboard when the viewport gets much shorter, and its closing', () => {
    const viewport = new FakeViewport(390, 844);
    install(viewport);
    render(<Probe />);
    expect(probe()).toBe('0 none');
    viewport.resize({ height: 480 });
    expect(probe()).toBe('364 keyboard');
    viewport.resize({ height: 844 });
    expect(probe()).toBe('0 none');
  });

  it('should not take a browser bar hiding or showing for the keyboard', () => {
    const viewport = new FakeViewport(391, 844);
    install(viewport);
    render(<Probe />);
    viewport.resize({ height: 788 });
    expect(probe()).toBe('56 none');
  });

  it('should not take pinch-zoom for the keyboard', () => {
    const viewport = new FakeViewport(392, 844);
    install(viewport);
    render(<Probe />);
    viewport.resize({ height: 422, scale: 2 });
    expect(probe()).toBe('0 none');
  });

  it('should measure against the tallest height at the new width after a rotation', () => {
    const viewport = new FakeViewport(393, 844);
    install(viewport);
    render(<Probe />);
    viewport.resize({ width: 844, height: 393 });
    expect(probe()).toBe('0 none');
  });

  it('should remember how tall the screen was for a page that mounts with the keyboard open', () => {
    const viewport = new FakeViewport(394, 844);
    install(viewport);
    const first = render(<Probe />);
    first.unmount();
    viewport.height = 470;
    render(<Probe />);
    expect(probe()).toBe('374 keyboard');
  });

  it('should report nothing without a visualViewport', () => {
    render(<Probe />);
    expect(probe()).toBe('0 none');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntroCarousel } from './intro-carousel';

const current = () =>
  screen.getAllByRole('group', { hidden: true }).findIndex((el) => el.getAttribute('aria-hidden') === 'false');

describe('IntroCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should autoplay every 8000 ms without wrapping and report finished only on the last cell', () => {
    const reports: boolean[] = [];
    render(<IntroCarousel onFinishedChange={(f) => reports.push(f)} />);
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(6);
    expect(screen.getByText(/Swipe/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(7999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    for (let i = 0; i < 10; i++) act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe(5);
    expect(reports.at(-1)).toBe(true);
    expect(reports.filter(Boolean)).toHaveLength(1);
  });

  it('should move on a drag of 50 px or more, not less', () => {
    render(<IntroCarousel onFinishedChange={() => undefined} />);
    const track = screen.getByTestId('intro-track');
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 151 });
    expect(current()).toBe(0);
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 150 });
    expect(current()).toBe(1);
    fireEvent.pointerDown(track, { clientX: 100 });
    fireEvent.pointerUp(track, { clientX: 160 });
    expect(current()).toBe(0);
    fireEvent.pointerDown(track, { clientX: 100 });
    fireEvent.pointerUp(track, { clientX: 300 });
    expect(current()).toBe(0); // no wrap backwards
  });

  it('should have no arrow buttons', () => {
    render(<IntroCarousel onFinishedChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: /next|previous/i })).toBeNull();
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock, DictationTimer } from './dictation-timer';
import { useSpeechStatus } from './voice-api';

const engine = { engine: 'x', available: true };

beforeEach(() => {
  vi.useFakeTimers();
  useSpeechStatus.setState({ status: null });
});
afterEach(() => vi.useRealTimers());

describe('DictationTimer', () => {
  it('should format minutes and seconds', () => {
    expect([0, 9, 60, 75, 600].map(clock)).toEqual(['0:00', '0:09', '1:00', '1:15', '10:00']);
  });

  it('should count the recording against the default limit when the server has not said', () => {
    render(<DictationTimer />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('0:00 / 1:00');
    act(() => vi.advanceTimersByTime(12_100));
    expect(timer.textContent).toBe('0:12 / 1:00');
    expect(timer.getAttribute('aria-label')).toBe('Recording 0:12 of at most 1:00');
  });

  it("should show the server's limit and stop counting at it", () => {
    useSpeechStatus.setState({ status: { stt: engine, tts: engine, maxSeconds: 30 } });
    render(<DictationTimer />);
    expect(screen.getByRole('timer').textContent).toBe('0:00 / 0:30');
    act(() => vi.advanceTimersByTime(45_000));
    expect(screen.getByRole('timer').textContent).toBe('0:30 / 0:30');
  });
});

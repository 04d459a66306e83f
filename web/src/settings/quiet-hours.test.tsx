import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromClock, localTimeZone, QuietHoursRows, toClock } from './quiet-hours';

describe('quiet hours (issue #48)', () => {
  it('should read and write HH:MM as minutes after midnight', () => {
    expect(toClock(7 * 60 + 5)).toBe('07:05');
    expect(fromClock('22:30')).toBe(22 * 60 + 30);
    expect(fromClock('24:00')).toBeUndefined();
    expect(fromClock('')).toBeUndefined();
  });

  it('should turn on as 22:00–07:00 in this device’s time zone', () => {
    const onSave = vi.fn();
    render(<QuietHoursRows value={null} onSave={onSave} />);
    expect(screen.queryByTestId('quiet-hours')).toBeNull();
    fireEvent.click(screen.getByTestId('notify-quiet'));
    expect(onSave).toHaveBeenCalledWith({ start: 22 * 60, end: 7 * 60, timeZone: localTimeZone() });
  });

  it('should save a changed end and turn off to null', () => {
    const onSave = vi.fn();
    const value = { start: 22 * 60, end: 7 * 60, timeZone: 'Asia/Tokyo' };
    render(<QuietHoursRows value={value} onSave={onSave} />);
    expect((screen.getByTestId('quiet-start') as HTMLInputElement).value).toBe('22:00');
    expect(screen.getByText(/Asia\/Tokyo/)).toBeTruthy();
    const end = screen.getByTestId('quiet-end');
    fireEvent.change(end, { target: { value: '06:30' } });
    fireEvent.blur(end);
    expect(onSave).toHaveBeenCalledWith({ ...value, end: 6 * 60 + 30, timeZone: localTimeZone() });
    fireEvent.click(screen.getByTestId('notify-quiet'));
    expect(onSave).toHaveBeenLastCalledWith(null);
  });
});

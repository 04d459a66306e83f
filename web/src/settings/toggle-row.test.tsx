import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToggleRow } from './toggle-row';

describe('ToggleRow', () => {
  it('should be a labelled switch that reports its state and flips on click', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ToggleRow label="Light theme" checked={false} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Light theme' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // Drawn as a track and a knob, not the browser's checkbox square.
    expect(toggle.className).toContain('switch');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(<ToggleRow label="Light theme" checked onChange={onChange} />);
    expect(screen.getByRole('switch', { name: 'Light theme' }).getAttribute('aria-checked')).toBe('true');
  });
});

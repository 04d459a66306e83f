import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('should be a labelled password box that reports what is typed', () => {
    const onChange = vi.fn();
    render(<PasswordInput label="Current password" value="" onChange={onChange} autoComplete="current-password" />);
    const input = screen.getByLabelText('Current password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.change(input, { target: { value: 'hunter22' } });
    expect(onChange).toHaveBeenCalledWith('hunter22');
  });

  it('should show its error under it, marked invalid and described by the error', () => {
    render(
      <PasswordInput
        label="Confirm new password"
        value="x"
        onChange={() => {}}
        autoComplete="new-password"
        error="Passwords do not match"
      />,
    );
    const input = screen.getByLabelText('Confirm new password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Passwords do not match');
  });
});

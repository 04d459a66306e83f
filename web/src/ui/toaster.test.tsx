import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToastStore } from './toast-store';
import { Toaster } from './toaster';

afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe('Toaster', () => {
  it.each([
    ['success', 'Success', 'status'],
    ['error', 'Something went wrong', 'alert'],
    ['warning', 'Warning', 'status'],
    ['info', 'Message', 'status'],
  ] as const)('should title a %s toast "%s"', (severity, title, role) => {
    render(<Toaster />);
    act(() => {
      showToast({ severity, message: 'Hello' });
    });
    const toast = screen.getByRole(role);
    expect(toast.textContent).toContain(title);
    expect(toast.textContent).toContain('Hello');
  });

  it('should show a 5 s progress bar and go away after 5 s', () => {
    vi.useFakeTimers();
    const { container } = render(<Toaster />);
    act(() => {
      showToast({ severity: 'success', message: 'Saved', title: 'Done' });
    });
    expect(screen.getByRole('status').textContent).toContain('Done');
    const bar = container.querySelector<HTMLElement>('.toast-progress');
    expect(bar?.style.animationDuration).toBe('5000ms');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

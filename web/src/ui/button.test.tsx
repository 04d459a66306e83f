import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';

describe('Button', () => {
  it('should be a plain button by default, so it never submits a form it sits in', () => {
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button>Open</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Open' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });

  it('should submit when told to, and forward its ref and every button prop', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} type="submit" aria-label="Send it" data-testid="send" name="go">
        Send
      </Button>,
    );
    const button = screen.getByTestId('send');
    expect(ref.current).toBe(button);
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('name')).toBe('go');
    expect(screen.getByRole('button', { name: 'Send it' })).toBe(button);
  });

  it('should be disabled and say it is busy while busy, and ignore clicks', () => {
    const click = vi.fn();
    const { rerender } = render(
      <Button busy onClick={click}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
    rerender(<Button onClick={click}>Save</Button>);
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(button);
    expect(click).toHaveBeenCalledOnce();
  });

  it('should wear its variant with the caller classes, and only the caller classes without one', () => {
    render(
      <>
        <Button variant="primary" className="w-full">
          Buy
        </Button>
        <Button className="px-2">Row</Button>
      </>,
    );
    const primary = screen.getByRole('button', { name: 'Buy' }).className.split(' ');
    expect(primary).toEqual(expect.arrayContaining(['bg-accent', 'text-accent-fg', 'w-full']));
    expect(screen.getByRole('button', { name: 'Row' }).className).toBe('px-2');
    expect(buttonClass('danger', 'sm')).toContain('bg-danger');
    expect(buttonClass('icon', 'md')).toContain('h-10 w-10');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('should label its control and describe it by its hint', () => {
    render(
      <Field id="greeting" label="Greeting" hint="Shown first">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Greeting');
    expect(input.id).toBe('greeting');
    expect(input.getAttribute('aria-describedby')).toBe('greeting-hint');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByText('Shown first').id).toBe('greeting-hint');
  });

  it('should mark its control invalid and describe it by its hint and error', () => {
    render(
      <Field id="name" label="Name" hint="Up to 40" error="Give it a name" alert>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('name-hint name-error');
    const error = screen.getByRole('alert');
    expect(error.id).toBe('name-error');
    expect(error.textContent).toBe('Give it a name');
  });

  it('should leave a control given as a node as it is', () => {
    render(
      <Field id="x" label="X" error="Wrong">
        <input id="x" />
      </Field>,
    );
    expect(screen.getByLabelText('X').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByTestId('error-x').hasAttribute('role')).toBe(false);
  });
});

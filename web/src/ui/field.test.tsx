import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Choice, Field } from './field';

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

  it('should give its control a generated id when it has none', () => {
    render(
      <Field label="Email" error="Check it">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.id).not.toBe('');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-error`);
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe('Check it');
  });

  it('should keep a hidden label naming its control', () => {
    render(
      <Field label="Search chats" hideLabel>
        {(control) => <input {...control} type="search" />}
      </Field>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search chats' })).toBeTruthy();
    expect(screen.getByText('Search chats').className).toBe('sr-only');
  });

  it('should put a checkbox before its label, and toggle it from the label', () => {
    render(
      <Field label="I understand" layout="check">
        {(control) => <input {...control} type="checkbox" />}
      </Field>,
    );
    const box = screen.getByRole('checkbox', { name: 'I understand' }) as HTMLInputElement;
    const label = screen.getByText('I understand');
    expect(box.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(label);
    expect(box.checked).toBe(true);
  });

  it('should put a switch after its label and hint, described by the hint', () => {
    render(
      <Field label="Sounds" hint="Play a chime" layout="switch">
        {(control) => <input {...control} type="checkbox" role="switch" aria-checked={false} readOnly />}
      </Field>,
    );
    const toggle = screen.getByRole('switch', { name: 'Sounds' });
    expect(toggle.getAttribute('aria-describedby')).toBe(`${toggle.id}-hint`);
    expect(
      screen.getByText('Play a chime').compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('Choice', () => {
  it('should make the whole card the label of its control, described by its hint', () => {
    render(
      <fieldset>
        <legend>Visibility</legend>
        <Choice id="vis-public" label="Public" hint="Anyone can find it">
          {(control) => <input {...control} type="radio" name="vis" />}
        </Choice>
      </fieldset>,
    );
    const radio = screen.getByRole('radio', { name: /Public/ }) as HTMLInputElement;
    expect(radio.id).toBe('vis-public');
    expect(radio.getAttribute('aria-describedby')).toBe('vis-public-hint');
    fireEvent.click(screen.getByText('Anyone can find it'));
    expect(radio.checked).toBe(true);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SkipLink } from './skip-link';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SkipLink', () => {
  it('should move focus to the message box on a chat', () => {
    render(
      <>
        <SkipLink toComposer />
        <main id="main" tabIndex={-1}>
          <form data-testid="composer">
            <textarea aria-label="Message" />
          </form>
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to message box' });
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('should move focus to the main content elsewhere', () => {
    render(
      <>
        <SkipLink toComposer={false} />
        <main id="main" tabIndex={-1} />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});

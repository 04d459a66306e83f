import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router';
import CreatePage from './create-page';

describe('CreatePage', () => {
  it('should draw its sparkles as an svg icon, not an emoji that needs an emoji font', () => {
    const { container } = renderWithRouter(<CreatePage />);
    expect(screen.getByTestId('create-sparkles').tagName.toLowerCase()).toBe('svg');
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

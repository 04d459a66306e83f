import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonaIcon } from './persona-icon';

describe('PersonaIcon', () => {
  it('should show the uploaded avatar on the API base, keeping its version', () => {
    const { container } = render(<PersonaIcon id="otter" avatarUrl="/api/personas/otter/avatar?v=2026-01-01" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/\/personas\/otter\/avatar\?v=2026-01-01$/);
    expect(screen.getByTestId('persona-avatar')).toBe(img);
  });

  it('should show the generated icon without an avatar, and an empty tile when no art is served', () => {
    const { container } = render(<PersonaIcon id="gone" size={40} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/\/personas\/gone\/icon\.svg$/);
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    const tile = container.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(tile.style.width).toBe('40px');
  });
});

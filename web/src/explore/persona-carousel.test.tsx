import type { Persona } from '@neura/contract';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonaCarousel } from './persona-carousel';

const persona = (id: string): Persona => ({
  id,
  icon: 'spark',
  name: `Persona ${id}`,
  description: `About ${id}`,
  cost: 2,
  tags: [],
  published: true,
  requiresPro: false,
  includedSkills: [],
});

/** Counts reads of scrollLeft (each one lays the page out in a browser). */
function countScrollReads() {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollLeft');
  const read = vi.fn(() => 0);
  Object.defineProperty(Element.prototype, 'scrollLeft', { configurable: true, get: read, set: () => {} });
  return {
    read,
    restore: () => {
      if (original) Object.defineProperty(Element.prototype, 'scrollLeft', original);
    },
  };
}

let restore = () => {};
afterEach(() => restore());

describe('PersonaCarousel (issue #50)', () => {
  const carousel = (personas: Persona[]) => (
    <MemoryRouter>
      <PersonaCarousel
        title="Picks"
        personas={personas}
        loading={false}
        skeletons={3}
        featured={false}
        onStart={() => {}}
      />
    </MemoryRouter>
  );

  it('should not measure its strip when it first renders', async () => {
    const reads = countScrollReads();
    restore = reads.restore;
    render(carousel([persona('a'), persona('b')]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.read).not.toHaveBeenCalled();
  });

  it('should measure its strip again after the cards change', async () => {
    const reads = countScrollReads();
    restore = reads.restore;
    const { rerender } = render(carousel([persona('a')]));
    rerender(carousel([persona('a'), persona('b'), persona('c')]));
    await waitFor(() => expect(reads.read).toHaveBeenCalled());
  });
});

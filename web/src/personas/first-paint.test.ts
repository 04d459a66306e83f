import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePersonas } from '../store/personas';
import { endFirstPaintWhenPainted, takePageCatalog } from './first-paint';

const firstPaintShown = () => document.getElementById('first-paint') !== null;

const persona = {
  id: 'owl',
  icon: 'spark',
  name: 'Owl',
  description: 'A wise owl.',
  cost: 2,
  tags: ['featured'],
  published: true,
  requiresPro: false,
  includedSkills: [],
};

describe('the server’s first paint of Explore', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<div id="first-paint" aria-hidden="true"></div>' +
      `<script type="application/json" id="first-catalog">${JSON.stringify([persona])}</script><div id="root"></div>`;
    usePersonas.setState({ personas: [], loaded: false });
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('should load the catalog the page came with, once, and take its block out of the page', () => {
    expect(takePageCatalog()).toBe(true);
    expect(usePersonas.getState()).toMatchObject({ loaded: true, personas: [persona] });
    expect(document.getElementById('first-catalog')).toBeNull();
    expect(takePageCatalog()).toBe(false);
  });

  it('should leave the store alone when the block is not JSON or not a list', () => {
    for (const text of ['{"not":"a list"}', '<oops']) {
      document.body.innerHTML = `<script type="application/json" id="first-catalog">${text}</script>`;
      expect(takePageCatalog()).toBe(false);
      expect(usePersonas.getState().loaded).toBe(false);
    }
  });

  it('should keep the first paint until Explore’s own featured image has decoded, then remove it', async () => {
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<img data-testid="persona-background" alt="">';
    let decoded: () => void = () => undefined;
    const image = root.querySelector('img') as HTMLImageElement;
    image.decode = vi.fn(() => new Promise<void>((resolve) => (decoded = resolve)));
    endFirstPaintWhenPainted(root);
    expect(firstPaintShown()).toBe(true);
    decoded();
    await vi.waitFor(() => expect(firstPaintShown()).toBe(false));
  });

  it('should remove the first paint at once when Explore has no featured image', () => {
    endFirstPaintWhenPainted(document.getElementById('root') as HTMLElement);
    expect(firstPaintShown()).toBe(false);
  });
});

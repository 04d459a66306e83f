import type { Persona, User } from '@neura/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { dispatchUser } from '../store/user';
import { renderWithRouter } from '../test/render-with-router';
import { ExplorePage } from './explore-page';
import { slidesPerViewFor } from './use-slides-per-view';

const persona = (id: string, tags: string[], over: Partial<Persona> = {}): Persona => ({
  id,
  icon: 'spark',
  name: `Persona ${id}`,
  description: `About ${id}`,
  cost: 2,
  tags,
  published: true,
  requiresPro: false,
  includedSkills: [],
  ...over,
});

const user = (over: Partial<User> = {}): User => ({
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  referralCode: 'X',
  proExpiry: null,
  isPro: false,
  flags: [],
  credits: 50,
  ...over,
});

beforeEach(() => {
  useAppStore.setState({ token: 't' });
  usePersonas.setState({ personas: [], loaded: false });
  dispatchUser({ type: 'cleared' });
});

describe('ExplorePage', () => {
  it('should show a Community carousel of published custom personas, and none when there are none', () => {
    usePersonas.setState({ loaded: true, personas: [persona('w', ['wellbeing'])] });
    const { unmount } = renderWithRouter(<ExplorePage />);
    expect(screen.queryByRole('heading', { name: 'Community' })).toBeNull();
    unmount();
    usePersonas.setState({
      loaded: true,
      personas: [
        persona('w', ['wellbeing']),
        persona('made', [], { custom: true }),
        persona('withdrawn', [], { custom: true, published: false }),
      ],
    });
    renderWithRouter(<ExplorePage />);
    const carousel = screen
      .getAllByTestId('persona-carousel')
      .find((c) => within(c).queryByRole('heading', { name: 'Community' }));
    expect(carousel).toBeTruthy();
    expect(
      within(carousel as HTMLElement)
        .getAllByTestId('persona-card')
        .map((c) => c.dataset.personaId),
    ).toEqual(['made']);
  });

  it('should show the heading and 2, 4, 3, 1, 2 skeleton cards while personas load', () => {
    renderWithRouter(<ExplorePage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Explore' })).toBeTruthy();
    const counts = screen
      .getAllByTestId('persona-carousel')
      .map((c) => within(c).queryAllByTestId('persona-skeleton').length);
    expect(counts).toEqual([2, 4, 3, 1, 2]);
  });

  it('should group published personas by tag with cost, tooltip, Pro label and featured background', () => {
    usePersonas.setState({
      loaded: true,
      personas: [
        persona('f', ['featured'], { requiresPro: true, cost: 5 }),
        persona('w', ['wellbeing']),
        persona('b', ['business']),
        persona('n', ['fun']),
        persona('c', ['character']),
      ],
    });
    renderWithRouter(<ExplorePage />);
    const carousels = screen.getAllByTestId('persona-carousel');
    expect(carousels.map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Featured',
      'Health & Wellbeing',
      'Business & Finance',
      'Novelty',
      'Characters',
    ]);
    const featured = within(carousels[0] as HTMLElement).getByTestId('persona-card');
    expect(within(featured).getByTestId('persona-background').getAttribute('src')).toContain(
      '/personas/f/background.webp',
    );
    expect(within(featured).getByTestId('pro-label').textContent).toBe('Pro');
    expect(within(featured).getByTestId('persona-cost').textContent).toContain('5 credits per message');
    expect(screen.getAllByRole('tooltip')[0]?.textContent).toBe(
      'The base credit cost per message sent to this persona.',
    );
    expect(within(carousels[1] as HTMLElement).queryByTestId('persona-background')).toBeNull();
    expect(screen.getByTestId('explore-footer').textContent).toContain('New Chat button in the sidebar');
  });

  it.each([
    [0, 'banner-no-credits', 'No Credits'],
    [3, 'banner-low-credits', 'Low Credits'],
    [5, 'banner-low-credits', 'Low Credits'],
  ])('should show the right credits banner at %i credits', (credits, testId, title) => {
    dispatchUser({ type: 'loaded', user: user({ credits }) });
    renderWithRouter(<ExplorePage />);
    const banner = screen.getByTestId(testId);
    expect(banner.textContent).toContain(title);
    expect(within(banner).getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe('/settings/credits');
  });

  it('should show only the Pro banner at 50 credits for a non-Pro user, and none for a Pro user', () => {
    dispatchUser({ type: 'loaded', user: user({ credits: 50 }) });
    const { unmount } = renderWithRouter(<ExplorePage />);
    expect(screen.queryByTestId('banner-no-credits')).toBeNull();
    expect(screen.queryByTestId('banner-low-credits')).toBeNull();
    const pro = screen.getByTestId('banner-pro');
    expect(within(pro).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/settings/pro');
    unmount();
    dispatchUser({ type: 'loaded', user: user({ credits: 50, isPro: true }) });
    renderWithRouter(<ExplorePage />);
    expect(screen.queryByTestId('banner-pro')).toBeNull();
  });

  it('should leave no empty banner row (an extra gap) for a Pro user with enough credits', () => {
    dispatchUser({ type: 'loaded', user: user({ credits: 50, isPro: true }) });
    renderWithRouter(<ExplorePage />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Explore' });
    expect(heading.nextElementSibling?.getAttribute('data-testid')).toBe('persona-carousel');
  });
});

describe('slidesPerViewFor', () => {
  it('should follow the breakpoints of SPEC.md §9', () => {
    expect(slidesPerViewFor(375)).toBe(1.5);
    expect(slidesPerViewFor(480)).toBe(1.5);
    expect(slidesPerViewFor(800)).toBe(2.5);
    expect(slidesPerViewFor(1000)).toBe(2.5);
    expect(slidesPerViewFor(1200)).toBe(3.5);
    expect(slidesPerViewFor(2560)).toBe(3.5);
  });
});

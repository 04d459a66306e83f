import type { Persona, User } from '@neura/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../api/query-client';
import { myPersonaKeys } from '../personas/queries/my-personas';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { dispatchUser } from '../store/user';
import { renderWithRouter } from '../test/render-with-router';
import { NewChatModal } from './new-chat-modal';

const persona = (id: string, tags: string[], over: Partial<Persona> = {}): Persona => ({
  id,
  icon: 'spark',
  name: `Persona ${id}`,
  description: `About ${id}`,
  cost: 3,
  tags,
  published: true,
  requiresPro: false,
  includedSkills: ['web_search'],
  ...over,
});

const user = (isPro: boolean): User => ({
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  referralCode: 'X',
  proExpiry: null,
  isPro,
  flags: [],
  credits: 50,
});

beforeEach(() => {
  useAppStore.setState({
    activeModal: 'newchat',
    token: 't',
  });
  usePersonas.setState({
    personas: [
      persona('helper', ['helpful']),
      persona('pro-helper', ['helpful'], { requiresPro: true }),
      persona('hidden', ['helpful'], { published: false }),
      persona('joker', ['fun']),
    ],
  });
  dispatchUser({ type: 'loaded', user: user(false) });
});

describe('NewChatModal', () => {
  it('should be the dialog "New Chat" with id newchat and an enabled Custom tab', () => {
    renderWithRouter(<NewChatModal />);
    const dialog = screen.getByRole('dialog', { name: 'New Chat' });
    expect(dialog.id).toBe('newchat');
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Helpful', 'Novelty', 'Custom']);
    expect((tabs[2] as HTMLButtonElement).disabled).toBe(false);
    expect(dialog.textContent).not.toContain('Coming Soon');
  });

  it("should list the user's own personas, then published custom ones of others, under Custom", () => {
    const own = {
      ...persona('mine-1', [], { custom: true, published: false }),
      instructions: 'x',
      model: null,
      visibility: 'private' as const,
      reviewState: null,
      link: '/p/mine-1',
      createdAt: '',
      updatedAt: '',
    };
    queryClient.setQueryData(myPersonaKeys.all, { items: [own], limit: 10 });
    usePersonas.setState({
      personas: [
        persona('helper', ['helpful']),
        persona('theirs', [], { custom: true }),
        persona('withdrawn', [], { custom: true, published: false }),
      ],
    });
    renderWithRouter(<NewChatModal />);
    fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
    expect(
      within(screen.getByTestId('newchat-mine'))
        .getAllByTestId('newchat-persona')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Persona mine-1')]);
    expect(
      within(screen.getByTestId('newchat-community'))
        .getAllByTestId('newchat-persona')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Persona theirs')]);
    expect(screen.queryByText('Persona helper')).toBeNull();
  });

  it('should offer to create a persona when the Custom tab is empty', () => {
    queryClient.setQueryData(myPersonaKeys.all, { items: [], limit: 10 });
    renderWithRouter(<NewChatModal />);
    fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
    expect(screen.getByText('No custom personas yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a persona' }));
    expect(useAppStore.getState().activeModal).toBeNull();
  });

  it('should list published personas of the tab and mark Pro ones locked for non-Pro users', () => {
    renderWithRouter(<NewChatModal />);
    const options = screen.getAllByTestId('newchat-persona');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Persona helper'),
      expect.stringContaining('Persona pro-helper'),
    ]);
    expect((options[1] as HTMLButtonElement).disabled).toBe(false);
    expect(options[1]?.getAttribute('data-locked')).toBe('true');
    expect(within(options[1] as HTMLElement).getByText('Pro')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Novelty' }));
    expect(screen.getAllByTestId('newchat-persona').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Persona joker'),
    ]);
  });

  it('should say which tab holds what', () => {
    renderWithRouter(<NewChatModal />);
    expect(screen.getByTestId('newchat-tab-hint').textContent).toMatch(/assistants/i);
    fireEvent.click(screen.getByRole('tab', { name: 'Novelty' }));
    expect(screen.getByTestId('newchat-tab-hint').textContent).toMatch(/characters/i);
  });

  it('should enable Pro personas for Pro users', () => {
    dispatchUser({ type: 'loaded', user: user(true) });
    renderWithRouter(<NewChatModal />);
    expect(screen.getAllByTestId('newchat-persona').every((o) => !(o as HTMLButtonElement).disabled)).toBe(true);
  });

  it('should open a detail view with skills and go back to the list', () => {
    renderWithRouter(<NewChatModal />);
    fireEvent.click(screen.getAllByTestId('newchat-persona')[0] as HTMLElement);
    const detail = screen.getByTestId('newchat-detail');
    expect(detail.textContent).toContain('Search the web');
    expect(within(detail).getByRole('button', { name: 'Start Chat' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getAllByTestId('newchat-persona')).toHaveLength(2);
  });

  it('should close on Escape', () => {
    renderWithRouter(<NewChatModal />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(useAppStore.getState().activeModal).toBeNull();
  });

  it('should render nothing closed, and open again on the tab it had, at the list', () => {
    renderWithRouter(<NewChatModal />);
    fireEvent.click(screen.getByRole('tab', { name: 'Novelty' }));
    fireEvent.click(screen.getAllByTestId('newchat-persona')[0] as HTMLElement);
    expect(screen.getByTestId('newchat-detail')).toBeTruthy();
    act(() => useAppStore.setState({ activeModal: null }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Closed, a change of the personas renders nothing and loses nothing.
    act(() => usePersonas.setState({ personas: [...usePersonas.getState().personas, persona('clown', ['fun'])] }));
    act(() => useAppStore.setState({ activeModal: 'newchat' }));
    expect(screen.getByRole('tab', { name: 'Novelty' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('newchat-detail')).toBeNull();
    expect(screen.getAllByTestId('newchat-persona').map((p) => p.textContent)).toEqual([
      expect.stringContaining('Persona joker'),
      expect.stringContaining('Persona clown'),
    ]);
  });
});

describe('NewChatModal group mode (issue #46)', () => {
  it('should pick 2 to 5 personas in order, Pro ones locked for non-Pro users', async () => {
    renderWithRouter(<NewChatModal />);
    fireEvent.click(screen.getByTestId('newchat-group'));
    const picks = await screen.findAllByTestId('group-pick');
    // Published personas only; the Pro one is locked.
    expect(picks.map((p) => p.textContent)).toEqual([
      expect.stringContaining('Persona helper'),
      expect.stringContaining('Persona pro-helper'),
      expect.stringContaining('Persona joker'),
    ]);
    expect((picks[1] as HTMLButtonElement).disabled).toBe(true);
    const start = screen.getByTestId('group-start') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(picks[2] as HTMLElement);
    expect(start.disabled).toBe(true);
    fireEvent.click(picks[0] as HTMLElement);
    expect(start.disabled).toBe(false);
    expect(start.textContent).toContain('Start group chat (2)');
    // The order picked is the order they speak.
    expect(picks[2]?.getAttribute('aria-pressed')).toBe('true');
    expect(within(picks[2] as HTMLElement).getByText('1')).toBeTruthy();
    expect(within(picks[0] as HTMLElement).getByText('2')).toBeTruthy();
    fireEvent.click(picks[2] as HTMLElement);
    expect(start.disabled).toBe(true);
  });
});

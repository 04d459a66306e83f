import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { closeHelp, openHelpDoc } from './help-actions';
import HelpFlyout from './help-flyout';

afterEach(() => act(() => closeHelp()));

describe('HelpFlyout', () => {
  it('should show a spinner while loading, then the index without the feedback prompt', async () => {
    render(<HelpFlyout />);
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = openHelpDoc();
    });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeTruthy();
    await act(() => pending);
    expect(screen.getByRole('heading', { name: 'Welcome to Neura help' })).toBeTruthy();
    expect(screen.queryByText('Was this helpful?')).toBeNull();
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('should follow a document link, offer feedback there, and go back', async () => {
    render(<HelpFlyout />);
    await act(() => openHelpDoc());
    fireEvent.click(screen.getAllByRole('link', { name: 'Chats' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chats' })).toBeTruthy();
    expect(screen.getByText('Was this helpful?')).toBeTruthy();
    const back = screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement;
    expect(back.disabled).toBe(false);
    fireEvent.click(back);
    expect(await screen.findByRole('heading', { name: 'Welcome to Neura help' })).toBeTruthy();
  });

  it('should close from the close button', async () => {
    render(<HelpFlyout />);
    await act(() => openHelpDoc('DocFaq'));
    fireEvent.click(screen.getByRole('button', { name: 'Close help' }));
    await waitFor(() => expect(useAppStore.getState().activeHelpDoc).toBeNull());
    expect(screen.queryByTestId('help-flyout')).toBeNull();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt, useInstallPrompt } from '../pwa/install-prompt';
import { InstallButton } from './install-button';

/** P6: "Install Neura" only while the browser offers it (`beforeinstallprompt`), gone once installed. */
function offerInstall(outcome: 'accepted' | 'dismissed', prompt = vi.fn(async () => undefined)) {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => void window.dispatchEvent(event));
  return { event, prompt };
}

beforeAll(() => listenForInstallPrompt());
afterEach(() => useInstallPrompt.setState({ offer: null }));

describe('InstallButton', () => {
  it('should show nothing while the browser offers no install', () => {
    const { container } = render(<InstallButton />);
    expect(container.innerHTML).toBe('');
  });

  it("should appear when the browser offers the install, keeping the browser's own bar away", () => {
    render(<InstallButton />);
    const { event } = offerInstall('dismissed');
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: /Install Neura/ })).toBeTruthy();
  });

  it("should open the browser's dialog once and then hide, whatever the answer", async () => {
    const onInstalled = vi.fn();
    render(<InstallButton variant="button" onInstalled={onInstalled} />);
    const { prompt } = offerInstall('dismissed');
    fireEvent.click(screen.getByRole('button', { name: 'Install Neura' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install Neura' })).toBeNull());
    expect(onInstalled).not.toHaveBeenCalled();
  });

  it('should report an accepted install', async () => {
    const onInstalled = vi.fn();
    render(<InstallButton variant="button" onInstalled={onInstalled} />);
    offerInstall('accepted');
    fireEvent.click(screen.getByRole('button', { name: 'Install Neura' }));
    await waitFor(() => expect(onInstalled).toHaveBeenCalledTimes(1));
  });

  it('should hide when a failing dialog throws, without reporting an install', async () => {
    const onInstalled = vi.fn();
    render(<InstallButton variant="button" onInstalled={onInstalled} />);
    offerInstall(
      'accepted',
      vi.fn(async () => {
        throw new DOMException('The prompt() method was already called.', 'InvalidStateError');
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Install Neura' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install Neura' })).toBeNull());
    expect(onInstalled).not.toHaveBeenCalled();
  });

  it('should hide once the app is installed (appinstalled)', () => {
    render(<InstallButton />);
    offerInstall('dismissed');
    expect(screen.getByRole('button', { name: /Install Neura/ })).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: /Install Neura/ })).toBeNull();
  });
});

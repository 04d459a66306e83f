import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import { MicButton } from './mic-button';
import { resetSpeechStatus } from './voice-api';

const status = (available: boolean, reason?: string) =>
  new Response(
    JSON.stringify({
      stt: { engine: 'pocketsphinx', available, ...(reason ? { reason } : {}) },
      tts: { engine: 'flite', available: true },
      maxSeconds: 60,
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

describe('MicButton', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetSpeechStatus();
    vi.stubGlobal('fetch', fetchMock);
    useAppStore.setState({ token: 'tok' });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('should be a labelled, keyboard-reachable button that is not pressed at rest', () => {
    render(<MicButton onTranscript={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Start dictation' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.tabIndex).toBe(0);
  });

  it('should explain that the server has no speech recogniser and go back to rest', async () => {
    const reason =
      'Voice dictation is not available: the speech recogniser (pocketsphinx) is not installed on the server.';
    fetchMock.mockResolvedValue(status(false, reason));
    const states: string[] = [];
    render(<MicButton onTranscript={() => undefined} onStateChange={(s) => states.push(s)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start dictation' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.message).toBe(reason));
    await waitFor(() => expect(states.at(-1)).toBe('idle'));
    expect(states).toContain('starting');
  });

  it('should explain that this browser cannot record', async () => {
    fetchMock.mockResolvedValue(status(true));
    render(<MicButton onTranscript={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start dictation' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.message).toBe(
        'This browser cannot record audio here. Use a current browser over HTTPS.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Start dictation' }).getAttribute('data-state')).toBe('idle');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { startFirstChunks } from './first-chunks';

const loads = vi.hoisted(() => ({ page: vi.fn(), authModal: vi.fn() }));
vi.mock('./pages', () => ({
  firstPageLoads: { home: [() => loads.page('home')], chat: [() => loads.page('chat'), () => loads.page('chat')] },
}));
vi.mock('./app-layout', () => ({ loadAuthModal: loads.authModal }));

beforeEach(() => {
  loads.page.mockReset().mockResolvedValue(undefined);
  loads.authModal.mockReset().mockResolvedValue(undefined);
  useAppStore.setState({ activeModal: null });
});

describe('startFirstChunks (issue #50)', () => {
  it("should ask for the first page's chunk before the first render", async () => {
    await startFirstChunks('/chats/abc');
    expect(loads.page.mock.calls).toEqual([['chat'], ['chat']]);
    expect(loads.authModal).not.toHaveBeenCalled();
  });

  it('should also ask for the auth modal when it is open from the start', async () => {
    useAppStore.setState({ activeModal: 'auth' });
    await startFirstChunks('/');
    expect(loads.page).toHaveBeenCalledExactlyOnceWith('home');
    expect(loads.authModal).toHaveBeenCalledOnce();
  });

  it('should ask for no page where the first page is another one (a shared chat, settings)', async () => {
    await startFirstChunks('/share/xyz');
    await startFirstChunks('/settings');
    expect(loads.page).not.toHaveBeenCalled();
  });

  it('should not fail when a chunk fails (React shows it where the page renders)', async () => {
    loads.page.mockRejectedValue(new Error('offline'));
    await expect(startFirstChunks('/')).resolves.toBeUndefined();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { startFirstChunks } from './first-chunks';
import { FIRST_CHUNKS_META } from './first-chunks-meta';

const loads = vi.hoisted(() => ({ page: vi.fn(), authModal: vi.fn(), linkedAtEachTask: [] as number[] }));
const linked = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
// Each task the start-up waits for: how many files were linked by then.
vi.mock('../ui/next-task', () => ({
  nextTask: async () => {
    loads.linkedAtEachTask.push(linked().length);
  },
}));
vi.mock('./pages', () => ({
  firstPageLoads: { home: [() => loads.page('home')], chat: [() => loads.page('chat'), () => loads.page('chat')] },
}));
vi.mock('./app-layout', () => ({ loadAuthModal: loads.authModal }));

beforeEach(() => {
  document.head.innerHTML = '';
  loads.linkedAtEachTask.length = 0;
  loads.page.mockReset().mockImplementation(async () => {
    loads.linkedAtEachTask.push(-linked().length);
  });
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

  it("should link the files the build listed for the page a few per task, before the page's own loads", async () => {
    const files = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const meta = document.createElement('meta');
    meta.name = FIRST_CHUNKS_META;
    meta.content = JSON.stringify({ chat: files.join(' '), home: '/assets/explore.js' });
    document.head.append(meta);
    await startFirstChunks('/chats/abc');
    expect(linked().map((l) => l.getAttribute('href'))).toEqual(files);
    expect(linked().every((l) => l.crossOrigin === '')).toBe(true);
    // 4 per task, then each load (negative: what was linked when it ran), then a last task.
    expect(loads.linkedAtEachTask).toEqual([0, 4, 8, 10, -10, 10, -10, 10]);
  });

  it('should link nothing when the build listed nothing readable, and still ask for the page', async () => {
    const meta = document.createElement('meta');
    meta.name = FIRST_CHUNKS_META;
    meta.content = '{not json';
    document.head.append(meta);
    await startFirstChunks('/');
    meta.content = JSON.stringify({ home: ['/assets/not-a-string-list.js'] });
    await startFirstChunks('/');
    expect(linked()).toEqual([]);
    expect(loads.page.mock.calls).toEqual([['home'], ['home']]);
  });
});

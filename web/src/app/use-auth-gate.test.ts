import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { openAuthGateAtStart } from './use-auth-gate';

describe('openAuthGateAtStart', () => {
  beforeEach(() => useAppStore.setState({ token: null, activeModal: null, browsing: false }));

  it('should open the auth modal before the first render for a visitor on the sign-in entry or a page for signed-in users', () => {
    openAuthGateAtStart('/');
    expect(useAppStore.getState().activeModal).toBe('auth');
    useAppStore.setState({ activeModal: null });
    openAuthGateAtStart('/chats');
    expect(useAppStore.getState().activeModal).toBe('auth');
  });

  it('should leave it closed when signed in, browsing, on a public page, or when another modal is open', () => {
    useAppStore.setState({ token: 'token' });
    openAuthGateAtStart('/');
    expect(useAppStore.getState().activeModal).toBeNull();
    useAppStore.setState({ token: null, browsing: true });
    openAuthGateAtStart('/');
    expect(useAppStore.getState().activeModal).toBeNull();
    useAppStore.setState({ browsing: false });
    openAuthGateAtStart('/auth/oidc');
    expect(useAppStore.getState().activeModal).toBeNull();
    useAppStore.setState({ activeModal: 'subscribe' });
    openAuthGateAtStart('/');
    expect(useAppStore.getState().activeModal).toBe('subscribe');
  });
});

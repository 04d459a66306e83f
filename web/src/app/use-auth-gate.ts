import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { routeFor } from './routes';

/**
 * SPEC.md §2: when a route needs auth and there is no token the auth modal opens; it closes again
 * once the route no longer needs auth (a navigation from such a route to a public one) or a token
 * arrives. On the sign-in entry (home) it opens for a visitor until they choose to browse. On a
 * public page the visitor may open it themselves (Login, New Chat, a persona): it stays open.
 */
/** Whether the gate holds the auth modal open on `pathname` (useAuthGate's rule). */
const gateOpens = (pathname: string, token: string | null, browsing: boolean): boolean => {
  const route = routeFor(pathname);
  return (Boolean(route.auth) || (Boolean(route.entry) && !browsing)) && !token;
};

/**
 * Before the first render: the modal the gate would open at once on this page is open from the
 * start, so the first render has it (no second, synchronous render of the whole app from
 * useAuthGate's effect: issue #50, TBT).
 */
export function openAuthGateAtStart(pathname: string): void {
  const { token, browsing, activeModal, setActiveModal } = useAppStore.getState();
  if (activeModal === null && gateOpens(pathname, token, browsing)) setActiveModal('auth');
}

export function useAuthGate(): void {
  const { pathname } = useLocation();
  const token = useAppStore((s) => s.token);
  const activeModal = useAppStore((s) => s.activeModal);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const browsing = useAppStore((s) => s.browsing);
  const route = routeFor(pathname);
  const needsAuth = route.auth;
  const offered = Boolean(route.entry) && !browsing;
  const neededAuth = useRef(needsAuth);
  const navigate = useNavigate();
  const afterSignIn = useAppStore((s) => s.afterSignIn);

  useEffect(() => {
    const leftGatedRoute = neededAuth.current && !needsAuth;
    neededAuth.current = needsAuth;
    if ((needsAuth || offered) && !token) {
      if (activeModal !== 'auth') setActiveModal('auth');
    } else if (activeModal === 'auth' && (token || leftGatedRoute)) {
      setActiveModal(null);
    }
  }, [needsAuth, offered, token, activeModal, setActiveModal]);

  // Signed in: a later sign-out starts at the sign-in entry again (not as a browsing visitor).
  useEffect(() => {
    if (token && useAppStore.getState().browsing) useAppStore.getState().setBrowsing(false);
  }, [token]);

  // Signed in on the way somewhere (a visitor who started a chat): go on there.
  useEffect(() => {
    if (!token || !afterSignIn) return;
    useAppStore.getState().setAfterSignIn(null);
    navigate(afterSignIn);
  }, [token, afterSignIn, navigate]);
}

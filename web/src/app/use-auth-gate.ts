import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../store/app-store';
import { routeFor } from './routes';

/**
 * SPEC.md §2: when a route needs auth and there is no token the auth modal opens; it closes again
 * once the route no longer needs auth (a navigation from such a route to a public one) or a token
 * arrives. On a public page the visitor may open it themselves (Login, New Chat): it stays open.
 */
export function useAuthGate(): void {
  const { pathname } = useLocation();
  const token = useAppStore((s) => s.token);
  const activeModal = useAppStore((s) => s.activeModal);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const needsAuth = routeFor(pathname).auth;
  const neededAuth = useRef(needsAuth);

  useEffect(() => {
    const leftGatedRoute = neededAuth.current && !needsAuth;
    neededAuth.current = needsAuth;
    if (needsAuth && !token) {
      if (activeModal !== 'auth') setActiveModal('auth');
    } else if (activeModal === 'auth' && (token || leftGatedRoute)) {
      setActiveModal(null);
    }
  }, [needsAuth, token, activeModal, setActiveModal]);
}

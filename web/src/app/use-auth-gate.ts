import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../store/app-store';
import { routeFor } from './routes';

/**
 * SPEC.md §2: when a route needs auth and there is no token the auth modal opens; it closes again
 * once the route no longer needs auth (or a token arrives).
 */
export function useAuthGate(): void {
  const { pathname } = useLocation();
  const token = useAppStore((s) => s.token);
  const activeModal = useAppStore((s) => s.activeModal);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const needsAuth = routeFor(pathname).auth;

  useEffect(() => {
    if (needsAuth && !token) {
      if (activeModal !== 'auth') setActiveModal('auth');
    } else if (activeModal === 'auth' && (!needsAuth || token)) {
      setActiveModal(null);
    }
  }, [needsAuth, token, activeModal, setActiveModal]);
}

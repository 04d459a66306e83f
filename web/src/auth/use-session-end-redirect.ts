import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { useAuthFlow } from './auth-flow-store';

/**
 * After logout (a call to `logout()`, or the socket's authError) the user goes to /; there the
 * route needs auth, so the auth modal opens at emailcheck.
 */
export function useSessionEndRedirect(): void {
  const token = useAppStore((s) => s.token);
  const navigate = useNavigate();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current && !token) {
      useAuthFlow.getState().resetForms();
      navigate('/');
    }
    previous.current = token;
  }, [token, navigate]);
}

import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { fetchMe } from './auth-api';
import { useAuthFlow } from './auth-flow-store';

/**
 * SPEC.md §4: a successful login, sign-up or reset stores the token (persisted), clears all
 * forms, reloads the user, returns to emailcheck and closes the modal.
 */
export async function completeSignIn(token: string): Promise<void> {
  const app = useAppStore.getState();
  app.setToken(token);
  useAuthFlow.getState().resetForms();
  app.setActiveModal(null);
  try {
    dispatchUser({ type: 'loaded', user: await fetchMe() });
  } catch (error) {
    // The session socket's ready event fills the user too; a failed reload is not fatal.
    console.error('Failed to load the user', error);
  }
}

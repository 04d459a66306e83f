import { texts } from '../texts/texts';
import { useLogout } from './logout';

/** "Log out": ends the session and goes to / (settings may place it too). */
export function LogoutButton({ className = 'text-start' }: { className?: string }) {
  const logout = useLogout();
  return (
    <button type="button" className={className} onClick={() => void logout()}>
      {texts.auth.logout}
    </button>
  );
}

import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { useLogout } from './logout';

/** "Log out": ends the session and goes to / (settings may place it too). */
export function LogoutButton({ className = 'text-start' }: { className?: string }) {
  const logout = useLogout();
  return (
    <Button className={className} onClick={() => void logout()}>
      {appTexts.auth.logout}
    </Button>
  );
}

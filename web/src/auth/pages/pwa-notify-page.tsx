import { appTexts } from '../../texts/app-texts';
import { InstallButton } from '../../ui/install-button';
import { useAuthFlow } from '../auth-flow-store';
import { SecondaryButton } from '../form-controls';
import { phoneOs } from '../platform-checks';

/** pwanotify: install steps for a phone browser (or the browser's own install, when it offers one), and "No, thanks". */
export function PwaNotifyPage() {
  const goTo = useAuthFlow((s) => s.goTo);
  const steps = phoneOs() === 'ios' ? appTexts.auth.pwa.ios : appTexts.auth.pwa.android;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{appTexts.auth.pwa.intro}</p>
      <ol className="list-decimal space-y-1 ps-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <InstallButton variant="button" onInstalled={() => goTo('emailcheck')} />
      <SecondaryButton onClick={() => goTo('emailcheck')}>{appTexts.auth.noThanks}</SecondaryButton>
    </div>
  );
}

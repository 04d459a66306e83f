import { promptInstall, useInstallPrompt } from '../pwa/install-prompt';
import { texts } from '../texts/texts';
import { Button } from './button';

/**
 * "Install Neura": only while the browser offers the install (`beforeinstallprompt`), gone once it
 * is used or the app is installed. `variant`: a settings row, or a full-width button (pwanotify).
 */
export function InstallButton({
  variant = 'row',
  onInstalled,
}: {
  variant?: 'row' | 'button';
  /** After the user accepted the browser's dialog. */
  onInstalled?: () => void;
}) {
  const offered = useInstallPrompt((s) => s.offer !== null);
  if (!offered) return null;
  const onClick = async () => {
    if ((await promptInstall()) === 'accepted') onInstalled?.();
  };
  if (variant === 'button') {
    return (
      <Button onClick={() => void onClick()} data-testid="install-app" variant="primary" size="lg" className="w-full">
        {texts.pwa.install}
      </Button>
    );
  }
  return (
    <Button
      onClick={() => void onClick()}
      data-testid="install-app"
      className="flex w-full items-center justify-between gap-3 px-4 py-3 text-start hover:bg-surface-3"
    >
      <span className="flex flex-col">
        <span>{texts.pwa.install}</span>
        <span className="text-sm text-muted">{texts.pwa.installHint}</span>
      </span>
      <span aria-hidden="true" className="text-muted">
        ›
      </span>
    </Button>
  );
}

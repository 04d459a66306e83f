import { texts } from '../texts/texts';
import { promptInstall, useInstallPrompt } from './install-prompt';

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
      <button
        type="button"
        onClick={() => void onClick()}
        data-testid="install-app"
        className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg hover:opacity-90"
      >
        {texts.pwa.install}
      </button>
    );
  }
  return (
    <button
      type="button"
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
    </button>
  );
}

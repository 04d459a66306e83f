import { platformTexts } from '../texts/texts';
import { useClientInfo } from './app-info';

/** Native only: the app's version and build, and "QA build" for the QA variant (Settings). */
export function ClientInfoLine() {
  const info = useClientInfo((s) => s.info);
  if (!info?.native) return null;
  const parts = [
    info.isQaBuild ? platformTexts.clientInfo.qaBuild : null,
    info.appVersion && info.build ? platformTexts.clientInfo.app(info.appVersion, info.build) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="text-center text-xs text-muted" data-testid="client-info">
      {parts.join(' · ')}
    </p>
  );
}

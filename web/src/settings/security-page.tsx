import { securityTexts as t } from '../texts/security';
import { Button } from '../ui/button';
import { DevicesSection } from './devices-section';
import { IdentitiesSection } from './identities-section';
import { PasskeysSection } from './passkeys-section';
import { refresh, securityKeys, useIdentities, usePasskeys, useSessions, useTwoFactor } from './queries/security';
import { ReauthDialog } from './reauth-dialog';
import { securityTextsReady } from './security-texts';
import { TwoFactorSection } from './two-factor-section';

/** The route waits for the page's texts in the active locale (i18n/parts.ts). */
export const ready = securityTextsReady;

/** /settings/security (issue #47): passkeys, two-step verification, linked accounts and devices. */
export default function SecurityPage() {
  const passkeys = usePasskeys();
  const twoFactor = useTwoFactor();
  const queries = [passkeys, twoFactor, useSessions(), useIdentities()];
  const failed = queries.some((q) => q.isError);
  const loading = queries.some((q) => q.isPending);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4" data-testid="security-page">
      <h2 className="sr-only">{t.title}</h2>
      {failed ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-danger">{t.loadFailed}</p>
          <Button variant="secondary" onClick={() => void refresh(securityKeys.all)}>
            {t.retry}
          </Button>
        </div>
      ) : loading ? (
        <div className="flex animate-pulse flex-col gap-6" role="status" aria-busy="true" aria-label={t.loading}>
          {[1, 2, 3].map((n) => (
            <div key={n} className="h-24 rounded-xl bg-surface-3" />
          ))}
        </div>
      ) : (
        <>
          <PasskeysSection />
          <TwoFactorSection />
          <IdentitiesSection />
          <DevicesSection />
          <ReauthDialog
            hasPasskeys={(passkeys.data ?? []).length > 0}
            hasTwoFactor={twoFactor.data?.enabled === true}
          />
        </>
      )}
    </div>
  );
}

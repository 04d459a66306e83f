import { apiBase } from '../api/base-url';
import { isNativePlatform } from '../platform/native';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { useSignInProviders } from './queries/providers';

/**
 * "Continue with …", one button per configured OpenID provider (none when none is configured). The
 * browser leaves for the server's start route; on native the shell hands that address to the
 * system browser, and the provider's answer comes back by the app's deep link (docs/NATIVE.md).
 */
export function ProviderButtons() {
  const providers = useSignInProviders();
  if (providers.length === 0) return null;
  const start = (id: string) => {
    const native = isNativePlatform() ? '?app=native' : '';
    window.location.assign(`${apiBase()}/auth/oidc/${encodeURIComponent(id)}/start${native}`);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="sign-in-providers">
      <p className="text-center text-sm text-muted">{appTexts.auth.providersDivider}</p>
      {providers.map((p) => (
        <Button
          key={p.id}
          variant="secondary"
          size="lg"
          className="w-full"
          data-testid={`provider-${p.id}`}
          onClick={() => start(p.id)}
        >
          {appTexts.auth.continueWith(p.name)}
        </Button>
      ))}
    </div>
  );
}

import { CLIENT_VERSION } from '@neura/contract';
import { useEffect } from 'react';
import { fetchPersonas } from '../api/personas';
import { fetchServerInfo, isOnline } from '../api/server-info';
import { isNativePlatform } from '../platform/native';
import { listenForSignInReturn, prepareApi, startNativeOnline } from '../platform/startup';
import { useAppStore } from '../store/app-store';
import { setPersonas } from '../store/personas';
import { useVersionWarning } from './version-warning';

/**
 * Start-up of SPEC.md §4: the server is checked first (on native after the app id is read, so a QA
 * build asks the staging host); offline → the fatal notice; online → the native version check, then
 * personas are loaded (a failure is only logged) and ads start (native only); the user comes with
 * the session socket's ready.
 */
export function useStartup(): void {
  const setServerOnline = useAppStore((s) => s.setServerOnline);

  useEffect(() => {
    const controller = new AbortController();
    listenForSignInReturn();
    let personas: ReturnType<typeof fetchPersonas> | undefined;
    prepareApi()
      .then(() => {
        // The catalog is asked for beside the server check (not after it): Explore's first paint
        // waits for it (issue #50, LCP). It is used only once the server is known to be online.
        personas = fetchPersonas();
        personas.catch(() => undefined);
        return fetchServerInfo(controller.signal);
      })
      .then(async (info) => {
        const online = isOnline(info);
        setServerOnline(online);
        if (!online) return;
        // Only the native build is checked: the range parser loads there alone.
        const action = isNativePlatform()
          ? (await import('./version-check')).versionAction({
              native: true,
              clientVersion: CLIENT_VERSION,
              supportedRange: info.supportedClientRange,
            })
          : ({ kind: 'none' } as const);
        if (action.kind === 'redirect') {
          window.location.replace(action.to);
          return;
        }
        if (action.kind === 'warn') useVersionWarning.setState({ raised: true });
        // The speech status (for the chat's microphone) and its guard load apart from the first route.
        void import('../voice/voice-api').then((m) => m.loadSpeechStatus());
        (personas ?? fetchPersonas())
          .then(setPersonas)
          .catch((error: unknown) => console.error('Failed to load personas', error));
        startNativeOnline(Boolean(useAppStore.getState().token));
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        console.error('Server check failed', error);
        setServerOnline(false);
      });
    return () => controller.abort();
  }, [setServerOnline]);
}

import { useEffect } from 'react';
import { fetchPersonas } from '../api/personas';
import { fetchServerInfo, isOnline } from '../api/server-info';
import { useAppStore } from '../store/app-store';

/**
 * Start-up of SPEC.md §4: the server is checked first; offline → the fatal notice; online →
 * personas are loaded (a failure is only logged).
 */
export function useStartup(): void {
  const setServerOnline = useAppStore((s) => s.setServerOnline);
  const setPersonas = useAppStore((s) => s.setPersonas);

  useEffect(() => {
    const controller = new AbortController();
    fetchServerInfo(controller.signal)
      .then((info) => {
        const online = isOnline(info);
        setServerOnline(online);
        if (!online) return;
        fetchPersonas()
          .then(setPersonas)
          .catch((error: unknown) => console.error('Failed to load personas', error));
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        console.error('Server check failed', error);
        setServerOnline(false);
      });
    return () => controller.abort();
  }, [setServerOnline, setPersonas]);
}

import { setQaBuild } from '../api/base-url';
import { loadClientInfo } from './app-info';

/**
 * Before the first API call: on native the app id is read (App.getInfo) so a QA build talks to the
 * staging host. On the web it resolves at once without touching any plugin.
 */
export async function prepareApi(): Promise<void> {
  const info = await loadClientInfo();
  if (info.isQaBuild) setQaBuild(true);
}

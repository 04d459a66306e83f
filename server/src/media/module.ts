import path from 'node:path';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import { FileUrlSigner } from '../files/signing.js';
import { OutboundAllowList } from '../skills/http/address-policy.js';
import { ImageProxy } from './image-proxy.js';
import { mediaRoutes } from './routes.js';

/** The outside-image proxy (finding N4); it signs with the files' URL secret. */
export function createMediaModule({ config, auth }: { config: Config; auth: Authenticator }) {
  const secret = FileUrlSigner.loadSecret(config.FILES_URL_SECRET, path.join(config.DATA_DIR, 'files'));
  const proxy = new ImageProxy(secret, config.API_PREFIX, OutboundAllowList.parse(config.OUTBOUND_ALLOW));
  return { proxy, routes: mediaRoutes(auth, proxy) };
}

import type { FastifyPluginAsync } from 'fastify';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The origins Android reports for this site's passkeys used in the app's web view (WebAuthn "for
 * app"): `android:apk-key-hash:` and the signing certificate's SHA-256, base64url, one per
 * ANDROID_CERT_FINGERPRINTS entry (hex, colons optional).
 */
export function androidAppOrigins(fingerprints: string | undefined): string[] {
  return list(fingerprints)
    .map((f) => f.replace(/:/g, ''))
    .filter((hex) => /^[0-9a-f]{64}$/i.test(hex))
    .map((hex) => `android:apk-key-hash:${Buffer.from(hex, 'hex').toString('base64url')}`);
}

/**
 * Native passkeys (issue #47, docs/FEATURES.md "Native passkeys"): the files iOS and Android read
 * to let the app use this site's passkeys (and open its links). Served at the site's root from
 * config; 404 when the app ids are not set.
 */
export const nativeAssociationRoutes =
  (config: {
    APPLE_APP_IDS?: string;
    ANDROID_APP_PACKAGE?: string;
    ANDROID_CERT_FINGERPRINTS?: string;
  }): FastifyPluginAsync =>
  async (app) => {
    const apple = list(config.APPLE_APP_IDS);
    const fingerprints = list(config.ANDROID_CERT_FINGERPRINTS).map((f) => f.toUpperCase());
    const missing = { message: 'Not found.', code: 'not-found' };
    app.get('/.well-known/apple-app-site-association', async (_request, reply) => {
      if (apple.length === 0) return reply.code(404).send(missing);
      return reply.type('application/json').send({
        webcredentials: { apps: apple },
        applinks: { details: [{ appIDs: apple, components: [{ '/': '/*' }] }] },
      });
    });
    app.get('/.well-known/assetlinks.json', async (_request, reply) => {
      if (!config.ANDROID_APP_PACKAGE || fingerprints.length === 0) return reply.code(404).send(missing);
      return reply.type('application/json').send([
        {
          relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
          target: {
            namespace: 'android_app',
            package_name: config.ANDROID_APP_PACKAGE,
            sha256_cert_fingerprints: fingerprints,
          },
        },
      ]);
    });
  };

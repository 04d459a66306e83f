import type { LinkedIdentity } from '@neura/contract';
import type { OidcProviderConfig } from '../config/oidc.js';
import { AppError, notFound } from '../errors.js';
import type { OidcRepository } from './repository.js';

export const IDENTITY_MESSAGES = {
  missing: 'That linked account was not found.',
  last: 'This is your only way to sign in. Set a password or add a passkey before you unlink it.',
} as const;

/**
 * The outside identities linked to an account (Settings › Security): listed with their provider
 * and address, and unlinked — never the last way to sign in (no password and no passkey left).
 */
export class LinkedIdentities {
  constructor(
    private readonly d: {
      repo: OidcRepository;
      providers: OidcProviderConfig[];
      /** Whether the user can sign in without an outside identity (a password or a passkey). */
      otherWays: (userId: string) => Promise<boolean>;
    },
  ) {}

  async list(userId: string): Promise<LinkedIdentity[]> {
    return (await this.d.repo.listOf(userId)).map((r) => ({
      id: r.id,
      provider: r.provider_id,
      providerName: this.d.providers.find((p) => p.id === r.provider_id)?.name ?? r.provider_id,
      email: r.email,
      createdAt: r.created_at,
    }));
  }

  async unlink(userId: string, id: string): Promise<void> {
    const outcome = await this.d.repo.unlink(userId, id, await this.d.otherWays(userId));
    if (outcome === 'missing') throw notFound(IDENTITY_MESSAGES.missing);
    if (outcome === 'last') throw new AppError('auth:last-sign-in', IDENTITY_MESSAGES.last);
  }
}

import { type Passkey, PRODUCT_NAME } from '@neura/contract';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Origin } from '../accounts/account-deps.js';
import type { AccountService } from '../accounts/account-service.js';
import type { User, UserLookup } from '../auth/user.js';
import { AppError, notFound } from '../errors.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { describeUserAgent } from '../lib/user-agent.js';
import { CHALLENGE_LIFETIME_MS, SECURITY_LIMITS } from './limits.js';
import type { SecurityNotices } from './notices.js';
import type { PasskeyRepository } from './passkey-repository.js';

/**
 * The WebAuthn library (@simplewebauthn/server and its X.509 and ASN.1 modules) is imported at the
 * first passkey ceremony (`import()`: the module cache keeps it), not at every process start.
 */
const loadWebAuthn = () => import('@simplewebauthn/server');

export const PASSKEY_MESSAGES = {
  failed: 'The passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered to an account here.',
  missing: 'That passkey was not found.',
} as const;

/**
 * The relying party: its id (the host) and the origins a client may report — the site's, and the
 * Android app's (`android:apk-key-hash:…`, WebAuthn in the app's web view).
 */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

export interface PasskeyDeps {
  repo: PasskeyRepository;
  limiter: AttemptLimiter;
  accounts: Pick<AccountService, 'openSession'>;
  users: UserLookup;
  /** Reads a user by email (optional hint at sign-in). */
  userIdByEmail: (email: string) => Promise<string | undefined>;
  notices: SecurityNotices;
}

const failed = (cause?: unknown) => new AppError('auth:passkey-failed', PASSKEY_MESSAGES.failed, undefined, { cause });
const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * Passkeys (WebAuthn, issue #47): discoverable credentials with user verification required, so a
 * passkey is both factors. Each ceremony's challenge is stored (hashed) with an expiry and taken
 * once, across processes; a sign-in's counter must go up (a cloned authenticator is refused).
 */
export class PasskeyService {
  constructor(private readonly d: PasskeyDeps) {}

  async list(userId: string): Promise<Passkey[]> {
    return (await this.d.repo.listForUser(userId)).map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  async registerOptions(user: User, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.d.repo.listForUser(user.id);
    const { generateRegistrationOptions } = await loadWebAuthn();
    const options = await generateRegistrationOptions({
      rpName: PRODUCT_NAME,
      rpID: rp.rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.email,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: JSON.parse(p.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.d.repo.saveChallenge(options.challenge, 'passkey-register', user.id, CHALLENGE_LIFETIME_MS);
    return options;
  }

  async registerVerify(
    user: User,
    response: RegistrationResponseJSON,
    name: string | undefined,
    rp: RelyingParty,
    userAgent: string | null,
  ): Promise<Passkey> {
    const webAuthn = await loadWebAuthn();
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      info = await webAuthn.verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.d.repo.takeChallenge(challenge, 'passkey-register', user.id),
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
      });
    } catch (error) {
      throw failed(error);
    }
    if (!info.verified) throw failed();
    const { credential } = info.registrationInfo;
    if (await this.d.repo.findByCredentialId(credential.id)) throw failed();
    const label = name?.trim() || describeUserAgent(userAgent);
    const id = await this.d.repo.insert({
      userId: user.id,
      credentialId: credential.id,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: label,
    });
    this.d.notices.tell(user, { kind: 'passkeyAdded', detail: label });
    const created = (await this.list(user.id)).find((p) => p.id === id);
    if (!created) throw failed();
    return created;
  }

  /** Sign-in options: any discoverable passkey, or (an email given) that account's passkeys. */
  async loginOptions(email: string | undefined, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const userId = email ? await this.d.userIdByEmail(email.trim().toLowerCase()) : undefined;
    const keys = userId ? await this.d.repo.listForUser(userId) : [];
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      userVerification: 'required',
      allowCredentials: keys.map((p) => ({ id: p.credential_id, transports: JSON.parse(p.transports) })),
    });
    await this.d.repo.saveChallenge(options.challenge, 'passkey-login', null, CHALLENGE_LIFETIME_MS);
    return options;
  }

  /** A passkey's assertion → a session (user verification required: both factors at once). */
  async loginVerify(response: AuthenticationResponseJSON, rp: RelyingParty, origin: Origin): Promise<string> {
    const userId = await this.assert(response, rp, origin.ip);
    return this.d.accounts.openSession(userId, origin);
  }

  /**
   * A passkey's assertion (for `loginOptions`' challenge) checked under the limits: answers its
   * user's id (a live account). Sign-in, linking an identity and re-authentication use it.
   */
  async assert(response: AuthenticationResponseJSON, rp: RelyingParty, ip: string): Promise<string> {
    const reserved = await this.d.limiter.reserveAll([[SECURITY_LIMITS.passkeyPerIp, ip]]);
    const key = await this.d.repo.findByCredentialId(response.id);
    if (!key) throw new AppError('auth:passkey-failed', PASSKEY_MESSAGES.unknown);
    const handle = response.response.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== key.user_id) throw failed();
    const newCounter = await this.verifyAssertion(response, rp, key);
    if (!(await this.d.repo.recordUse(key.id, Number(key.counter), newCounter))) throw failed();
    const user = await this.d.users.findById(key.user_id);
    if (!user || user.suspendedAt) throw failed();
    await this.d.limiter.release(reserved);
    return key.user_id;
  }

  private async verifyAssertion(
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    key: { credential_id: string; public_key: string; counter: number | string; transports: string },
  ): Promise<number> {
    const webAuthn = await loadWebAuthn();
    try {
      const result = await webAuthn.verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.d.repo.takeChallenge(challenge, 'passkey-login', null),
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        credential: {
          id: key.credential_id,
          publicKey: Buffer.from(key.public_key, 'base64url'),
          counter: Number(key.counter),
          transports: JSON.parse(key.transports),
        },
      });
      if (!result.verified) throw failed();
      return result.authenticationInfo.newCounter;
    } catch (error) {
      throw error instanceof AppError ? error : failed(error);
    }
  }

  async rename(userId: string, id: string, name: string): Promise<void> {
    if (!(await this.d.repo.rename(userId, id, name))) throw notFound(PASSKEY_MESSAGES.missing);
  }

  async remove(user: User, id: string): Promise<void> {
    const key = (await this.d.repo.listForUser(user.id)).find((p) => p.id === id);
    if (!key || !(await this.d.repo.remove(user.id, id))) throw notFound(PASSKEY_MESSAGES.missing);
    this.d.notices.tell(user, { kind: 'passkeyRemoved', detail: key.name });
  }
}

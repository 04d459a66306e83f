import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { LoginResult, Origin } from '../accounts/account-deps.js';
import type { ExternalAccounts } from '../accounts/external-accounts.js';
import type { OidcProviderConfig } from '../config/oidc.js';
import { AppError } from '../errors.js';
import type { ProviderConfigs } from './client.js';
import type { OidcRepository, OidcTicketRow } from './repository.js';

const FLOW_MINUTES = 10;
const TICKET_MINUTES = 15;
export const TICKET_GONE_MESSAGE = 'That sign-in is no longer valid. Please start again.';

/** Why a callback ended without a ticket: the web page names each in words. */
export type OidcFailure = 'denied' | 'expired' | 'failed' | 'unavailable' | 'no-email' | 'unverified';

export class OidcFailed extends Error {
  constructor(readonly reason: OidcFailure) {
    super(`sign-in with a provider failed: ${reason}`);
  }
}

/** What the web app learns of a ticket: a session, or the page to show next. */
export type TicketOutcome =
  | { next: 'signed-in'; token: string }
  | { next: 'two-factor'; challenge: string }
  | { next: 'confirm' | 'invite'; email: string; provider: string };

/** How an account confirms a link: its password, or the user id a verified passkey assertion named. */
export type LinkProof = { password: string; captchaToken?: string } | { passkeyUserId: string };

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
/** Where a link waiting on a second-factor challenge is kept (never a ticket's own hash). */
const waitingHash = (challenge: string) => hash(`link-2fa:${challenge}`);
const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const verified = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Apple's first consent posts the person's name beside the code (`user`, JSON); never again. */
function appleName(form: Record<string, string> | undefined): { firstName: string; lastName: string } | undefined {
  if (!form?.user) return undefined;
  try {
    const name = (JSON.parse(form.user) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    return { firstName: text(name?.firstName), lastName: text(name?.lastName) };
  } catch {
    return undefined;
  }
}

/**
 * Sign-in with OpenID Connect (ARCHITECTURE.md "Sign-in"): the code flow with PKCE, state and nonce
 * kept server side (single use, expiring); the callback leaves a one-time ticket the web app takes
 * up, so no long-lived token travels in a URL. A linked identity signs in; a known verified address
 * links only once its account confirms with its password; a new identity needs an invite first.
 */
export class OidcService {
  constructor(
    private readonly d: {
      providers: OidcProviderConfig[];
      configs: ProviderConfigs;
      repo: OidcRepository;
      accounts: ExternalAccounts;
      log: FastifyBaseLogger;
    },
  ) {}

  list(): Array<{ id: string; name: string }> {
    return this.d.providers.map((p) => ({ id: p.id, name: p.name }));
  }

  provider(id: string): OidcProviderConfig | undefined {
    return this.d.providers.find((p) => p.id === id);
  }

  /** The provider's authorization URL for a new flow whose callback is `redirectUri`. */
  async start(provider: OidcProviderConfig, redirectUri: string, app: 'web' | 'native', browser: string): Promise<URL> {
    const config = await this.config(provider);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    await this.d.repo.saveFlow({
      state_hash: hash(state),
      provider_id: provider.id,
      nonce,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client: app,
      browser_hash: hash(browser),
      expires_at: inMinutes(FLOW_MINUTES),
    });
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: provider.scope,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(provider.formPost ? { response_mode: 'form_post' } : {}),
    });
  }

  /**
   * Verifies a callback (query or form_post fields) and answers the one-time ticket and where the
   * flow began; throws OidcFailed with the reason otherwise.
   */
  async callback(
    provider: OidcProviderConfig,
    params: Record<string, string>,
    form: Record<string, string> | undefined,
    browser: string | undefined,
  ): Promise<{ ticket: string; app: 'web' | 'native'; redirectUri: string }> {
    const flow = params.state ? await this.d.repo.takeFlow(hash(params.state)) : undefined;
    if (!flow || flow.provider_id !== provider.id) throw new OidcFailed('expired');
    // Only the browser that started the flow may finish it (an answer sent to someone else's
    // browser would sign them in as the sender: login CSRF).
    if (!browser || !safeEqual(hash(browser), flow.browser_hash)) throw new OidcFailed('expired');
    if (params.error) throw new OidcFailed(params.error === 'access_denied' ? 'denied' : 'failed');
    const config = await this.config(provider);
    const claims = await this.verify(config, flow, params, form);
    const identity = await this.identify(provider, claims, form);
    const ticket = randomBytes(32).toString('base64url');
    await this.d.repo.saveTicket({ ticket_hash: hash(ticket), ...identity, expires_at: inMinutes(TICKET_MINUTES) });
    return { ticket, app: flow.client, redirectUri: flow.redirect_uri };
  }

  /**
   * Reads a ticket: a linked identity's ticket is used up and becomes a session, or (second factor
   * on) the challenge of the same second step a password sign-in takes.
   */
  async ticket(ticket: string, origin: Origin): Promise<TicketOutcome> {
    const row = await this.liveTicket(ticket);
    const provider = this.provider(row.provider_id)?.name ?? row.provider_id;
    if (row.kind !== 'signin') return { next: row.kind === 'link' ? 'confirm' : 'invite', email: row.email, provider };
    if (!(await this.d.repo.takeTicket(row.ticket_hash))) throw gone();
    const result = await this.d.accounts.signIn(row.user_id as string, origin);
    return 'token' in result
      ? { next: 'signed-in', token: result.token }
      : { next: 'two-factor', challenge: result.challenge };
  }

  /**
   * The account of the ticket's address confirms with its password or a passkey; the identity is
   * linked only once the whole confirmation holds. A passkey is both factors (linked, a session
   * opens); after a password with the second factor on, the link waits on the challenge's code
   * (`POST /users/login/2fa`, see `linkAfterSecondFactor`) and a password alone links nothing.
   */
  async confirm(ticket: string, proof: LinkProof, origin: Origin): Promise<LoginResult> {
    const row = await this.liveTicket(ticket);
    if (row.kind !== 'link') throw gone();
    const userId =
      'passkeyUserId' in proof
        ? proof.passkeyUserId
        : await this.d.accounts.confirmPassword(row.email, proof.password, origin, proof.captchaToken);
    if (userId !== row.user_id || !(await this.d.repo.takeTicket(row.ticket_hash))) throw gone();
    const challenge = 'passkeyUserId' in proof ? undefined : await this.d.accounts.challengeFor(userId);
    if (challenge) {
      const waiting = { ...row, kind: 'link-2fa' as const, ticket_hash: waitingHash(challenge) };
      await this.d.repo.saveTicket({ ...waiting, expires_at: inMinutes(TICKET_MINUTES) });
      return { twoFactorRequired: true, challenge };
    }
    await this.link(row, userId);
    return { token: await this.d.accounts.openSession(userId, origin) };
  }

  /**
   * The second step of a password confirmation passed (the challenge used up, the code right): the
   * identity waiting on that challenge, if any, is linked now.
   */
  async linkAfterSecondFactor(userId: string, challenge: string): Promise<void> {
    const key = waitingHash(challenge);
    const row = await this.d.repo.findTicket(key);
    if (row?.kind !== 'link-2fa' || row.user_id !== userId || !(await this.d.repo.takeTicket(key))) return;
    await this.link(row, userId);
  }

  private async link(row: OidcTicketRow, userId: string): Promise<void> {
    await this.d.repo
      .link(userId, { providerId: row.provider_id, subject: row.subject, email: row.email })
      .catch(async (error: unknown) => {
        // Linked meanwhile by another callback of the same identity: fine if to this account.
        if ((await this.d.repo.findIdentity(row.provider_id, row.subject))?.user_id !== userId) throw error;
      });
    this.d.log.info({ userId, provider: row.provider_id }, 'outside identity linked');
  }

  /** A new identity's account, made with its invite (REGISTRATION=invite); a session opens. */
  async register(ticket: string, inviteCode: string | undefined, origin: Origin): Promise<string> {
    const row = await this.liveTicket(ticket);
    if (row.kind !== 'invite') throw gone();
    const userId = await this.d.accounts
      .create(
        { email: row.email, firstName: row.first_name, lastName: row.last_name, inviteCode },
        origin,
        async (trx, id) => {
          if (!(await this.d.repo.takeTicket(row.ticket_hash, trx))) throw gone();
          await this.d.repo.link(id, { providerId: row.provider_id, subject: row.subject, email: row.email }, trx);
        },
      )
      .catch(async (error: unknown) => {
        // Two tickets of one new identity: the other made its account first (unique subject).
        if (await this.d.repo.findIdentity(row.provider_id, row.subject)) throw gone();
        throw error;
      });
    return this.d.accounts.openSession(userId, origin);
  }

  private async liveTicket(ticket: string): Promise<OidcTicketRow> {
    const row = ticket.length <= 100 ? await this.d.repo.findTicket(hash(ticket)) : undefined;
    // A link waiting on a second factor is no ticket the web app can read or use.
    if (!row || row.kind === 'link-2fa') throw gone();
    return row;
  }

  private async config(provider: OidcProviderConfig): Promise<client.Configuration> {
    try {
      return await this.d.configs.get(provider);
    } catch (error) {
      this.d.log.warn({ err: error, provider: provider.id }, 'OpenID provider discovery failed');
      throw new OidcFailed('unavailable');
    }
  }

  /** The code exchanged (PKCE, state, nonce, the ID token's signature and audience checked). */
  private async verify(
    config: client.Configuration,
    flow: { redirect_uri: string; nonce: string; code_verifier: string },
    params: Record<string, string>,
    form: Record<string, string> | undefined,
  ): Promise<client.IDToken & Record<string, unknown>> {
    const url = new URL(flow.redirect_uri);
    const current = form
      ? new Request(url, { method: 'POST', body: new URLSearchParams(form) })
      : new URL(`${url.href}?${new URLSearchParams(params)}`);
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: params.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims() as client.IDToken & Record<string, unknown>;
      if (!claims.email && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        return { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
      return claims;
    } catch (error) {
      this.d.log.warn({ err: error }, 'OpenID callback refused');
      throw new OidcFailed('failed');
    }
  }

  /** What the ticket says: the linked user, the account to confirm, or a new identity. */
  private async identify(
    provider: OidcProviderConfig,
    claims: Record<string, unknown> & { sub: string },
    form: Record<string, string> | undefined,
  ): Promise<Omit<OidcTicketRow, 'ticket_hash' | 'expires_at'>> {
    const email = text(claims.email).toLowerCase();
    const name = appleName(form) ?? {
      firstName: text(claims.given_name) || text(claims.name).split(' ')[0] || '',
      lastName: text(claims.family_name) || text(claims.name).split(' ').slice(1).join(' '),
    };
    const base = {
      provider_id: provider.id,
      subject: claims.sub,
      email,
      first_name: name.firstName || email.split('@')[0] || '',
      last_name: name.lastName,
    };
    const linked = await this.d.repo.findIdentity(provider.id, claims.sub);
    if (linked) return { ...base, kind: 'signin', user_id: linked.user_id };
    if (!email) throw new OidcFailed('no-email');
    if (!verified(claims.email_verified)) throw new OidcFailed('unverified');
    const existing = await this.d.accounts.idOfEmail(email);
    return { ...base, kind: existing ? 'link' : 'invite', user_id: existing ?? null };
  }
}

const gone = () => new AppError('auth:code-invalid', TICKET_GONE_MESSAGE);

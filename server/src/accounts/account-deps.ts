import type { Locale } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { Mailer } from '../mail/mailer.js';
import type { CaptchaVerifier } from './captcha.js';
import type { CodeService } from './code-service.js';
import type { InviteService } from './invite-service.js';
import type { SessionRepository } from './session-repository.js';
import type { UserRepository } from './user-repository.js';

/** Where a request comes from, for rate limits and the session record. */
export interface Origin {
  ip: string;
  userAgent: string | null;
  /** The client's language (its Accept-Language): a visitor's mails go out in it (issue #43). */
  locale?: Locale;
}

/** What AccountService is built from (accounts/module.ts composes it). */
export interface AccountDeps {
  config: Config;
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  invites: InviteService;
  codes: CodeService;
  limiter: AttemptLimiter;
  captcha: CaptchaVerifier;
  mailer: Mailer;
  credits: CreditService;
  events: EventBus;
  log: FastifyBaseLogger;
  /** Set when the second factor is served (security/): a password sign-in then asks for a code. */
  secondFactor?: SecondFactorGate;
}

/** The second factor as a password sign-in asks it (security/ answers): a challenge when it is on. */
export interface SecondFactorGate {
  challengeFor(userId: string): Promise<string | undefined>;
}

/** What `POST /users/login` answers: a token, or (second factor on) a challenge for the code. */
export type LoginResult = { token: string } | { twoFactorRequired: true; challenge: string };

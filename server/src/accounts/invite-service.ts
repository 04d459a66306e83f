import { createHash, randomInt } from 'node:crypto';
import { INVITE_CODE_GROUP_LENGTH, INVITE_CODE_GROUPS, isValidInviteCode, normalizeInviteCode } from '@neura/contract';
import type { Executor } from '../db/database.js';
import type { InviteRow } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { InviteRepository } from './invite-repository.js';
import type { UserRepository } from './user-repository.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: easy to read out and type

export function generateInviteCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < INVITE_CODE_GROUPS; g++) {
    let group = '';
    for (let i = 0; i < INVITE_CODE_GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

export const hashInviteCode = (code: string): string =>
  createHash('sha256').update(normalizeInviteCode(code)).digest('hex');

export interface InviteSummary {
  hint: string;
  maxUses: number;
  uses: number;
  revoked: boolean;
  createdAt: string;
}

/** Invite codes: random, stored hashed (only a hint of the first group is kept in clear). */
export class InviteService {
  constructor(
    private readonly invites: InviteRepository,
    private readonly users: Pick<UserRepository, 'any'>,
  ) {}

  /**
   * The very first start (no users, no invites yet): one invite code so the first person can sign
   * up; undefined otherwise. The caller (main.ts) prints it with `firstStartBanner`.
   */
  async firstStartInvite(): Promise<string | undefined> {
    if ((await this.users.any()) || (await this.count()) > 0) return undefined;
    const [code] = await this.create(1, 1);
    return code;
  }

  async create(count = 1, maxUses = 1, trx?: Executor): Promise<string[]> {
    const codes: string[] = [];
    for (let i = 0; i < count; i++) {
      const code = generateInviteCode();
      const row: InviteRow = {
        id: newId(),
        code_hash: hashInviteCode(code),
        code_hint: code.slice(0, INVITE_CODE_GROUP_LENGTH),
        max_uses: maxUses,
        uses: 0,
        revoked_at: null,
        created_at: nowIso(),
      };
      await this.invites.insert(row, trx);
      codes.push(code);
    }
    return codes;
  }

  async isValid(code: string): Promise<boolean> {
    if (!isValidInviteCode(code.trim())) return false;
    const row = await this.invites.findByHash(hashInviteCode(code));
    return row !== undefined && row.revoked_at === null && row.uses < row.max_uses;
  }

  /** Atomically takes one use; false when the code cannot be used. */
  consume(code: string, trx?: Executor): Promise<boolean> {
    if (!isValidInviteCode(code.trim())) return Promise.resolve(false);
    return this.invites.consume(hashInviteCode(code), trx);
  }

  async list(): Promise<InviteSummary[]> {
    return (await this.invites.list()).map((r) => ({
      hint: `${r.code_hint}-…`,
      maxUses: r.max_uses,
      uses: r.uses,
      revoked: r.revoked_at !== null,
      createdAt: r.created_at,
    }));
  }

  revoke(hint: string, trx?: Executor): Promise<number> {
    return this.invites.revokeByHint(normalizeInviteCode(hint).slice(0, INVITE_CODE_GROUP_LENGTH), trx);
  }

  async count(): Promise<number> {
    return (await this.invites.list()).length;
  }
}

/** What the first start prints: the invite code and how to make more. */
export function firstStartBanner(code: string, publicUrl: string): string {
  return [
    '',
    '  ┌──────────────────────────────────────────────────────────────┐',
    `  │  First start: your invite code is  ${code}  │`,
    '  └──────────────────────────────────────────────────────────────┘',
    `  Open ${publicUrl} and sign up with it.`,
    '  Make more with:  npm run admin -- invites create --count 5',
    '',
  ].join('\n');
}

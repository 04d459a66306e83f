import { randomBytes } from 'node:crypto';
import {
  type CreatorOptions,
  type CustomPersona,
  type CustomPersonaList,
  customPersonaInputSchema,
  customPersonaPatchSchema,
  type Persona,
  type ReviewKnowledge,
  SKILLS,
} from '@neura/contract';
import type { AuditLog } from '../audit/repository.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import { type Executor, fromJson, toJson } from '../db/database.js';
import type { PersonaRow } from '../db/schema.js';
import { AppError, badRequest } from '../errors.js';
import type { FeedbackService } from '../feedback/service.js';
import type { FileStore } from '../files/storage.js';
import { newId } from '../lib/ids.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { nowIso } from '../lib/time.js';
import { parse as validate } from '../lib/validate.js';
import { normaliseAvatar } from '../personas/avatar.js';
import { avatarShownTo, customPersonaVisibleTo, listedInCatalog } from '../personas/custom.js';
import type { SkillRegistry } from '../skills/registry.js';
import { SkillError } from '../skills/skill-error.js';
import { checkLimits, checkSkillNames, HOUR_MS, newRow, patchChanges, reserveOr } from './edits.js';
import { presentCustomPersona, presentPublicPersona } from './present.js';
import { CustomPersonaPricing } from './pricing.js';
import type { CustomPersonaRepository } from './repository.js';
import { creatorTexts as t } from './texts.js';

export interface CreatorDeps {
  config: Pick<
    Config,
    'CUSTOM_PERSONAS_PER_USER' | 'CUSTOM_PERSONA_INSTRUCTIONS_MAX' | 'CUSTOM_PERSONAS_CREATED_PER_DAY'
  >;
  personas: CustomPersonaRepository;
  pricing: CustomPersonaPricing;
  skills: Pick<SkillRegistry, 'isAvailable' | 'costOf' | 'generatePicture'>;
  credits: Pick<CreditService, 'chargeKeyed' | 'refundKeyed'>;
  feedback: Pick<FeedbackService, 'recordReport'>;
  /** Per-account limits (creations per day, reports per hour), across processes. */
  limiter: Pick<AttemptLimiter, 'reserve' | 'release'>;
  audit: Pick<AuditLog, 'record'>;
  store: FileStore;
  users: { emailOf(id: string): Promise<string | null> };
  /** The published catalog changed: drop its cache and tell open clients (`personas.changed`). */
  catalogChanged: () => void;
  /** Knowledge (documents/): `claim` checks they are the maker's documents and keeps them; `release` drops a purged persona's. */
  /** `forReview`: the console's review of a public persona, its documents with their text. */
  knowledge: Record<'claim' | 'release', (userId: string, ids: readonly string[]) => Promise<void>> &
    Record<'forReview', (ownerId: string, ids: readonly string[]) => Promise<ReviewKnowledge[]>>;
}

/** Reports one account may send per hour (the route also limits them per IP). */
export const REPORTS_PER_ACCOUNT_PER_HOUR = 10;

/**
 * People's own personas (issue #29): the builder's create / edit / delete within the operator's
 * limits (the rules in edits.ts), who may see one, reports and avatars. The console's side (the
 * review queue, unlisting, prices) is admin-service.ts.
 */
export class CreatorService {
  constructor(private readonly d: CreatorDeps) {}

  // ------------------------------------------------------------------ the owner's personas

  async list(userId: string): Promise<CustomPersonaList> {
    const rows = await this.d.personas.listOwned(userId);
    return { items: rows.map(presentCustomPersona), limit: this.d.config.CUSTOM_PERSONAS_PER_USER };
  }

  async options(userId: string): Promise<CreatorOptions> {
    const rule = await this.d.pricing.rule();
    return {
      skills: SKILLS.map((skill) => ({
        skill,
        available: this.d.skills.isAvailable(skill),
        surcharge: this.d.skills.costOf(skill),
      })),
      models: this.d.pricing.models.map((id) => ({
        id,
        label: CustomPersonaPricing.label(id),
        price: rule(id).price,
      })),
      instructionsMax: this.d.config.CUSTOM_PERSONA_INSTRUCTIONS_MAX,
      personasMax: this.d.config.CUSTOM_PERSONAS_PER_USER,
      personasUsed: await this.d.personas.countOwned(userId),
      avatarGenerateCost: this.d.skills.costOf('generate_image'),
    };
  }

  /** One of the owner's personas (the builder's edit page); another user's is a 404. */
  async get(userId: string, id: string): Promise<CustomPersona> {
    return presentCustomPersona(await this.ownedRow(userId, id));
  }

  /** A new persona; `from` is what an imported character card adds (its tags and the whole card). */
  async create(
    userId: string,
    body: unknown,
    from?: { tags: string[]; card: Record<string, unknown> },
  ): Promise<CustomPersona> {
    checkSkillNames(body);
    const input = validate(customPersonaInputSchema, body);
    checkLimits(this.d, input);
    if (input.knowledge?.length) await this.claimKnowledge(userId, input.knowledge);
    const model = input.model ?? this.d.pricing.defaultModel;
    const row = {
      ...newRow(input, userId, model, await this.d.pricing.priceOf(model)),
      ...(from ? { tags: toJson(from.tags), card: toJson(from.card) } : {}),
    };
    // Creations per account per day (L5): deleting does not give a creation back.
    const perDay = this.d.config.CUSTOM_PERSONAS_CREATED_PER_DAY;
    const reservation = await reserveOr(
      () =>
        this.d.limiter.reserve({ scope: 'custom-persona-create:user', max: perDay, windowMs: 24 * HOUR_MS }, userId),
      t.createdTooMany(perDay),
    );
    const max = this.d.config.CUSTOM_PERSONAS_PER_USER;
    if (!(await this.d.personas.insertWithinLimit(row, max))) {
      await this.d.limiter.release([reservation]);
      throw badRequest(t.limitReached(max));
    }
    return presentCustomPersona(await this.ownedRow(userId, row.id));
  }

  /**
   * An edit. What it does to the review and to publishing is computed from the row as it is when
   * the edit is written, under the row's lock (finding L1: two edits at once, one of reviewed text,
   * left an approved persona published while its review was pending).
   */
  async patch(userId: string, id: string, body: unknown): Promise<CustomPersona> {
    await this.ownedRow(userId, id);
    checkSkillNames(body);
    const patch = validate(customPersonaPatchSchema, body);
    checkLimits(this.d, patch);
    if (patch.knowledge?.length) await this.claimKnowledge(userId, patch.knowledge);
    const model = patch.model !== undefined ? (patch.model ?? this.d.pricing.defaultModel) : undefined;
    const cost = model !== undefined ? await this.d.pricing.priceOf(model) : undefined;
    const before = await this.d.personas.withLockedRow(id, userId, async (row, trx) => {
      const changes = patchChanges(row, patch, model, cost);
      await this.d.personas.update(id, changes, trx);
      return { published: row.published, nowPublished: changes.published };
    });
    if (!before) throw new AppError('not-found', t.notFound);
    if (before.published === 1 || before.nowPublished === 1) this.d.catalogChanged();
    return presentCustomPersona(await this.ownedRow(userId, id));
  }

  /**
   * Deletes: a persona no chat uses is gone at once (L5); one with chats stays as a deleted row
   * (its chats stay readable, new messages are refused with 409) until its last chat is gone, when
   * the housekeeping purge removes it.
   */
  async delete(userId: string, id: string): Promise<void> {
    const row = await this.ownedRow(userId, id);
    const now = nowIso();
    await this.d.personas.update(id, { deleted_at: now, published: 0, updated_at: now });
    if (row.avatar) await this.d.store.delete(row.avatar).catch(() => undefined);
    await this.purged(await this.d.personas.purgeDeleted(id));
    if (row.published === 1) this.d.catalogChanged();
  }

  private async claimKnowledge(userId: string, ids: readonly string[]): Promise<void> {
    await this.d.knowledge.claim(userId, ids);
  }

  /** Housekeeping (L5): removes deleted custom personas that no chat uses any more; answers how many. */
  async purgeDeleted(): Promise<number> {
    return this.purged(await this.d.personas.purgeDeleted());
  }

  /** The knowledge files of purged personas go with them (issue #45); answers how many personas went. */
  private async purged(rows: Pick<PersonaRow, 'owner_id' | 'knowledge'>[]): Promise<number> {
    for (const r of rows) if (r.owner_id) await this.d.knowledge.release(r.owner_id, fromJson(r.knowledge, []));
    return rows.length;
  }

  /** Account deletion, inside its transaction. */
  async deleteAllOf(userId: string, trx: Executor): Promise<void> {
    const avatars = await this.d.personas.deleteAllOf(userId, nowIso(), trx);
    for (const key of avatars) await this.d.store.delete(key).catch(() => undefined);
  }

  // ------------------------------------------------------------------ what others see

  /**
   * `GET /personas/:id/profile`: a published catalog persona, or a custom one the user may see
   * (personas/custom.ts); never the instructions. Everything else (private to someone else,
   * deleted, unknown) is the same 404.
   */
  async profile(id: string, userId: string | undefined): Promise<Persona> {
    const row = await this.d.personas.findById(id);
    if (!row || row.deleted_at !== null) throw new AppError('not-found', t.notAvailable);
    // Anonymous visitors see what the catalog lists, by the catalog's own rule (a custom persona
    // only while public and approved, finding L1); signed-in users what they may chat with.
    const visible = listedInCatalog(row) || (row.owner_id !== null && customPersonaVisibleTo(row, userId));
    if (!visible) throw new AppError('not-found', t.notAvailable);
    return presentPublicPersona(row);
  }

  /** A report of a public custom persona: lands in the console's feedback inbox. */
  async report(userId: string, id: string, reason: string): Promise<void> {
    const row = await this.d.personas.findById(id);
    if (!row || row.owner_id === null || row.deleted_at !== null || !customPersonaVisibleTo(row, userId))
      throw new AppError('not-found', t.notAvailable);
    if (row.visibility !== 'public') throw badRequest(t.notPublic);
    // Per account, not only per IP (L3: one account filed 60 reports from 6 addresses).
    await reserveOr(
      () =>
        this.d.limiter.reserve(
          { scope: 'persona-report:user', max: REPORTS_PER_ACCOUNT_PER_HOUR, windowMs: HOUR_MS },
          userId,
        ),
      t.tooManyReports,
    );
    if (!(await this.d.feedback.recordReport(id, reason, userId))) throw new AppError('conflict', t.alreadyReported);
  }

  // ------------------------------------------------------------------ avatars

  /** An uploaded avatar: checked and stored as catalog avatars are (personas/avatar.ts: a 512×512 WebP). */
  async setAvatar(userId: string, id: string, bytes: Buffer): Promise<CustomPersona> {
    const row = await this.ownedRow(userId, id);
    return this.storeAvatar(userId, row, await normaliseAvatar(bytes));
  }

  /**
   * "Generate avatar": a picture from the image skill's provider, charged as that skill's
   * surcharge (ledger key `avatar:<id>:<attempt>`) and refunded when the provider fails.
   */
  async generateAvatar(userId: string, id: string, prompt: string | undefined): Promise<CustomPersona> {
    const row = await this.ownedRow(userId, id);
    if (!this.d.skills.isAvailable('generate_image')) throw badRequest(t.imagesUnavailable);
    const cost = this.d.skills.costOf('generate_image');
    const key = `avatar:${id}:${newId()}`;
    if (cost > 0) {
      const left = await this.d.credits.chargeKeyed(userId, cost, key, 'skill:generate_image:avatar');
      if (left === undefined) throw new AppError('credits:insufficient', t.notEnoughCredits);
    }
    const refund = () =>
      cost > 0 ? this.d.credits.refundKeyed(userId, key, 'refund:skill:generate_image:avatar') : Promise.resolve();
    let avatar: Buffer;
    try {
      const picture = await this.d.skills.generatePicture(
        prompt?.trim() || t.avatarPrompt(row.name, row.tagline),
        AbortSignal.timeout(180_000),
      );
      avatar = await normaliseAvatar(picture);
    } catch (error) {
      await refund();
      if (error instanceof SkillError || error instanceof AppError)
        throw new AppError('skill:failed', t.generateFailed(error.message));
      throw new AppError('skill:failed', t.generateFailed('the image service failed.'), undefined, { cause: error });
    }
    try {
      return await this.storeAvatar(userId, row, avatar);
    } catch (error) {
      await refund();
      throw error;
    }
  }

  /**
   * The avatar bytes by its address token (customAvatarUrl); 404 when it is not the current one,
   * or while the persona may not be shown to `viewerId` (issue #40, L2: a private persona's avatar
   * is its maker's alone, whoever kept the address).
   */
  async readAvatar(id: string, token: string, viewerId?: string): Promise<Buffer> {
    const row = await this.d.personas.findById(id);
    const current = row?.avatar?.split('/').pop();
    if (!row?.avatar || !avatarShownTo(row, viewerId) || current !== token)
      throw new AppError('not-found', t.notAvailable);
    const bytes = await this.d.store.get(row.avatar);
    if (!bytes) throw new AppError('not-found', t.notAvailable);
    return bytes;
  }

  private async storeAvatar(userId: string, row: PersonaRow, bytes: Buffer): Promise<CustomPersona> {
    const key = `persona-avatars/${row.id}/${randomBytes(16).toString('hex')}`;
    await this.d.store.put(key, bytes);
    await this.d.personas.update(row.id, { avatar: key, updated_at: nowIso() });
    if (row.avatar) await this.d.store.delete(row.avatar).catch(() => undefined);
    if (row.published === 1) this.d.catalogChanged();
    return presentCustomPersona(await this.ownedRow(userId, row.id));
  }

  // ------------------------------------------------------------------ helpers

  /** The owner's persona row, or a 404 (also for another user's). */
  async ownedRow(userId: string, id: string): Promise<PersonaRow> {
    const row = await this.d.personas.findOwned(userId, id);
    if (!row) throw new AppError('not-found', t.notFound);
    return row;
  }
}

import { randomBytes } from 'node:crypto';
import {
  type CreatorOptions,
  type CustomPersona,
  type CustomPersonaInput,
  type CustomPersonaList,
  type CustomPersonaPatch,
  type CustomPersonaPriceItem,
  customPersonaInputSchema,
  customPersonaPatchSchema,
  type Persona,
  type PersonaReviewItem,
  SKILLS,
  type Skill,
} from '@neura/contract';
import type { Actor, AuditLog } from '../audit/repository.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import { type Executor, fromJson, toJson } from '../db/database.js';
import type { NewPersona, PersonaRow } from '../db/schema.js';
import { AppError, badRequest } from '../errors.js';
import type { FeedbackService } from '../feedback/service.js';
import type { FileStore } from '../files/storage.js';
import { newId } from '../lib/ids.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { nowIso } from '../lib/time.js';
import { parse as validate } from '../lib/validate.js';
import { normaliseAvatar } from '../personas/avatar.js';
import { avatarShownTo, customPersonaVisibleTo, listedInCatalog } from '../personas/custom.js';
import { translationsColumn } from '../personas/translations.js';
import type { SkillRegistry } from '../skills/registry.js';
import { SkillError } from '../skills/skill-error.js';
import { presentCustomPersona, presentPublicPersona } from './present.js';
import { ANY_MODEL, CustomPersonaPricing } from './pricing.js';
import { CUSTOM_SORT_ORDER, type CustomPersonaRepository } from './repository.js';
import { creatorTexts as t } from './texts.js';

/** The fields whose change sends an approved (or rejected) public persona back to review. */
const REVIEWED_FIELDS = [
  'name',
  'instructions',
  'greeting',
  'description',
  'tagline',
  'suggestedPrompts',
  'translations',
] as const;

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
}

/** Skill names are checked before the contract's schema, so an unknown one gets a message naming it. */
function checkSkillNames(body: unknown): void {
  const skills = (body as { skills?: unknown } | null)?.skills;
  if (!Array.isArray(skills)) return;
  for (const skill of skills) {
    if (typeof skill === 'string' && !(SKILLS as readonly string[]).includes(skill))
      throw badRequest(t.unknownSkill(skill));
  }
}

const HOUR_MS = 3600_000;
/** Reports one account may send per hour (the route also limits them per IP). */
export const REPORTS_PER_ACCOUNT_PER_HOUR = 10;

/** The limiter's 429, with a sentence that says which limit it was. */
async function reserveOr<T>(reserve: () => Promise<T>, message: string): Promise<T> {
  try {
    return await reserve();
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate-limited') throw new AppError('rate-limited', message);
    throw error;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * People's own personas (issue #29): the builder's create / edit / delete within the operator's
 * limits, who may see one, the review queue, reports, avatars and the price rule.
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

  async create(userId: string, body: unknown): Promise<CustomPersona> {
    checkSkillNames(body);
    const input = validate(customPersonaInputSchema, body);
    this.checkLimits(input);
    const model = input.model ?? this.d.pricing.defaultModel;
    const now = nowIso();
    const row: NewPersona & { owner_id: string } = {
      id: newId(),
      icon: 'spark',
      name: input.name,
      description: input.description ?? '',
      cost: await this.d.pricing.priceOf(model),
      tags: toJson([]),
      published: 0,
      requires_pro: 0,
      included_skills: toJson([...new Set(input.skills ?? [])]),
      system_prompt: input.instructions,
      model,
      greeting: input.greeting || null,
      tagline: input.tagline || null,
      suggested_prompts: input.suggestedPrompts?.length ? toJson(input.suggestedPrompts) : null,
      translations: translationsColumn(input.translations),
      sort_order: CUSTOM_SORT_ORDER,
      owner_id: userId,
      visibility: input.visibility,
      review_state: input.visibility === 'public' ? 'pending' : null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
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
    this.checkLimits(patch);
    const model = patch.model !== undefined ? (patch.model ?? this.d.pricing.defaultModel) : undefined;
    const cost = model !== undefined ? await this.d.pricing.priceOf(model) : undefined;
    const before = await this.d.personas.withLockedRow(id, userId, async (row, trx) => {
      const changes: Partial<NewPersona> = {};
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.instructions !== undefined) changes.system_prompt = patch.instructions;
      if (patch.description !== undefined) changes.description = patch.description ?? '';
      if (patch.greeting !== undefined) changes.greeting = patch.greeting || null;
      if (patch.tagline !== undefined) changes.tagline = patch.tagline || null;
      if (patch.suggestedPrompts !== undefined)
        changes.suggested_prompts = patch.suggestedPrompts.length ? toJson(patch.suggestedPrompts) : null;
      if (patch.skills !== undefined) changes.included_skills = toJson([...new Set(patch.skills)]);
      if (patch.translations !== undefined) changes.translations = translationsColumn(patch.translations);
      if (model !== undefined && cost !== undefined) {
        changes.model = model;
        changes.cost = cost;
      }
      const visibility = patch.visibility ?? row.visibility;
      const textChanged = REVIEWED_FIELDS.some((field) => this.changed(row, patch, field));
      if (visibility !== 'public') {
        changes.review_state = null;
      } else if (row.visibility !== 'public' || (textChanged && row.review_state !== 'pending')) {
        changes.review_state = 'pending';
      }
      if (patch.visibility !== undefined) changes.visibility = visibility;
      const reviewState = changes.review_state === undefined ? row.review_state : changes.review_state;
      changes.published = visibility === 'public' && reviewState === 'approved' ? 1 : 0;
      changes.updated_at = nowIso();
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
    await this.d.personas.purgeDeleted(id);
    if (row.published === 1) this.d.catalogChanged();
  }

  /** Housekeeping (L5): removes deleted custom personas that no chat uses any more; answers how many. */
  async purgeDeleted(): Promise<number> {
    return this.d.personas.purgeDeleted();
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

  // ------------------------------------------------------------------ the console

  async pendingReviews(): Promise<PersonaReviewItem[]> {
    const rows = await this.d.personas.listPending();
    return Promise.all(
      rows.map(async (row) => ({
        persona: presentCustomPersona(row),
        owner: { id: row.owner_id as string, email: await this.d.users.emailOf(row.owner_id as string) },
      })),
    );
  }

  /** Approve (publish: Explore and the Custom tab list it) or reject a pending public persona. */
  async review(actor: Actor, id: string, decision: 'approve' | 'reject', note?: string): Promise<CustomPersona> {
    const state = decision === 'approve' ? 'approved' : 'rejected';
    // Decided on the row as it is now, under its lock: an edit that lands meanwhile is either
    // before (still pending: it is what gets approved) or after (it sends it back to review).
    const row = await this.d.personas.withLockedRow(id, undefined, async (current, trx) => {
      if (current.visibility !== 'public' || current.review_state !== 'pending')
        throw new AppError('conflict', t.reviewNotPending);
      await this.d.personas.update(
        id,
        { review_state: state, published: decision === 'approve' ? 1 : 0, updated_at: nowIso() },
        trx,
      );
      await this.d.audit.record(
        actor,
        {
          action: `persona.${decision}`,
          target: id,
          before: { reviewState: current.review_state },
          after: { reviewState: state, ...(note ? { note } : {}) },
        },
        trx,
      );
      return current;
    });
    if (!row) throw new AppError('not-found', t.notAvailable);
    if (decision === 'approve') this.d.catalogChanged();
    return presentCustomPersona((await this.d.personas.findById(id)) as PersonaRow);
  }

  /** The operator takes a custom persona out of Explore: it becomes unlisted (its link still works). */
  async unlist(actor: Actor, id: string): Promise<CustomPersona> {
    // The change and its audit line are one transaction, on the row as it is now.
    const row = await this.d.personas.withLockedRow(id, undefined, async (current, trx) => {
      await this.d.personas.update(
        id,
        { visibility: 'unlisted', review_state: null, published: 0, updated_at: nowIso() },
        trx,
      );
      await this.d.audit.record(
        actor,
        {
          action: 'persona.unlist',
          target: id,
          before: { visibility: current.visibility, reviewState: current.review_state },
          after: { visibility: 'unlisted', reviewState: null },
        },
        trx,
      );
      return current;
    });
    if (!row) throw new AppError('not-found', t.notAvailable);
    if (row.published === 1) this.d.catalogChanged();
    return presentCustomPersona((await this.d.personas.findById(id)) as PersonaRow);
  }

  async prices(): Promise<CustomPersonaPriceItem[]> {
    return this.d.pricing.table();
  }

  /** Sets the console's price of a model (or `*`) and re-prices the custom personas it applies to. */
  async setPrice(actor: Actor, model: string, price: number): Promise<CustomPersonaPriceItem[]> {
    if (model !== ANY_MODEL && !this.d.pricing.models.includes(model)) throw badRequest(t.priceUnknownModel(model));
    const before = (await this.d.pricing.rule())(model);
    const at = nowIso();
    await this.d.personas.setPrice(model, price, at, async (trx) => {
      const rule = await this.d.pricing.rule(trx);
      for (const inUse of await this.d.personas.modelsInUse(trx))
        await this.d.personas.setCostFor([inUse], rule(inUse).price, at, trx);
      await this.d.audit.record(
        actor,
        {
          action: 'custom-persona.price',
          target: model,
          before: { price: before.price, source: before.source },
          after: { price },
        },
        trx,
      );
    });
    this.d.catalogChanged();
    return this.prices();
  }

  // ------------------------------------------------------------------ helpers

  private async ownedRow(userId: string, id: string): Promise<PersonaRow> {
    const row = await this.d.personas.findOwned(userId, id);
    if (!row) throw new AppError('not-found', t.notFound);
    return row;
  }

  /** The operator's limits over the contract's: instructions length, skills the server runs, allowed models. */
  private checkLimits(input: CustomPersonaPatch | CustomPersonaInput): void {
    const max = this.d.config.CUSTOM_PERSONA_INSTRUCTIONS_MAX;
    if (input.instructions !== undefined && input.instructions.length > max)
      throw badRequest(t.instructionsTooLong(max));
    for (const skill of input.skills ?? []) {
      if (!this.d.skills.isAvailable(skill as Skill)) throw badRequest(t.skillUnavailable(skill));
    }
    if (input.model != null && !this.d.pricing.models.includes(input.model))
      throw badRequest(t.unknownModel(input.model, this.d.pricing.models));
  }

  private changed(row: PersonaRow, patch: CustomPersonaPatch, field: (typeof REVIEWED_FIELDS)[number]): boolean {
    switch (field) {
      case 'name':
        return patch.name !== undefined && patch.name !== row.name;
      case 'instructions':
        return patch.instructions !== undefined && patch.instructions !== row.system_prompt;
      case 'description':
        return patch.description !== undefined && (patch.description ?? '') !== row.description;
      case 'greeting':
        return patch.greeting !== undefined && (patch.greeting || null) !== row.greeting;
      case 'tagline':
        return patch.tagline !== undefined && (patch.tagline || null) !== row.tagline;
      case 'suggestedPrompts':
        return (
          patch.suggestedPrompts !== undefined &&
          !sameList(patch.suggestedPrompts, fromJson<string[]>(row.suggested_prompts, []))
        );
      case 'translations':
        return patch.translations !== undefined && translationsColumn(patch.translations) !== row.translations;
    }
  }
}

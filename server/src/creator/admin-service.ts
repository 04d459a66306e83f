import type { CustomPersona, CustomPersonaPriceItem, PersonaReviewItem } from '@neura/contract';
import type { Actor } from '../audit/repository.js';
import type { PersonaRow } from '../db/schema.js';
import { AppError, badRequest } from '../errors.js';
import { nowIso } from '../lib/time.js';
import { presentCustomPersona } from './present.js';
import { ANY_MODEL } from './pricing.js';
import type { CreatorDeps } from './service.js';
import { creatorTexts as t } from './texts.js';

/**
 * The console's side of people's own personas (immich's `UserAdminService` habit): the review
 * queue, unlisting, and the price per message of custom personas per model. Each change and its
 * audit line are one transaction.
 */
export class CreatorAdminService {
  constructor(
    private readonly d: Pick<CreatorDeps, 'personas' | 'pricing' | 'users' | 'audit' | 'catalogChanged' | 'knowledge'>,
  ) {}

  /** The queue: each persona with its owner and its knowledge documents' text (reviewed like its texts, issue #45). */
  async pendingReviews(): Promise<PersonaReviewItem[]> {
    const rows = await this.d.personas.listPending();
    return Promise.all(
      rows.map(async (row) => {
        const persona = presentCustomPersona(row);
        const owner = row.owner_id as string;
        const knowledge = persona.knowledge?.length ? await this.d.knowledge.forReview(owner, persona.knowledge) : [];
        return {
          persona,
          owner: { id: owner, email: await this.d.users.emailOf(owner) },
          ...(knowledge.length ? { knowledge } : {}),
        };
      }),
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
}

import {
  type LocationResult,
  type Skill,
  type SkillInputs,
  type SkillOutputs,
  skillInputSchemas,
} from '@neura/contract';
import { type Tool, tool } from 'ai';
import type { z } from 'zod';
import { type Config, REPLY_POLICY } from '../config.js';
import { failpoint } from '../lib/failpoints.js';
import { untilAborted } from '../lib/until-aborted.js';
import type { ProviderClient } from './http/provider-client.js';
import type { SafeHttpClient } from './http/safe-client.js';
import type { SkillFiles } from './media/skill-files.js';
import { SkillError, UNEXPECTED_SKILL_ERROR } from './skill-error.js';

/** What a skill may use while it runs for one reply. */
export interface SkillContext {
  user: { id: string };
  chat: { id: string };
  persona: { id: string };
  /** The reply being generated (surcharge ledger keys). */
  messageId: string;
  /** Aborted when the reply stops (user's Stop, chat deleted, shutdown). */
  signal: AbortSignal;
  http: { provider: ProviderClient; safe: SafeHttpClient };
  config: Config;
  /** The reply's user's images, and where results are stored (in the reply's chat). */
  files: SkillFiles;
  /**
   * Asks the user's device for its location (`requestData { datapoint: "location" }`); throws a
   * SkillError that tells the model the location is unavailable when no device answers in time.
   */
  requestLocation: (signal: AbortSignal) => Promise<LocationResult>;
  /**
   * Charges the skill's surcharge for one call (ledger key `tool:<messageId>:<callId>`; nothing when
   * it costs 0); throws "Not enough credits for this skill." when the balance is short. A call that
   * fails is refunded by its reply's settlement (replies/settle.ts).
   */
  charge: (skill: Skill, callId: string) => Promise<void>;
}

/** What one skill's `run` gets: the context, with `signal` also bounded by the skill's timeout. */
export type RunContext = SkillContext;

export interface SkillDefinition<S extends Skill> {
  id: S;
  /** What the model reads to decide when to call it. */
  description: string;
  /** Whole call, provider round trips included; default the reply policy's (REPLY_POLICY.skillTimeoutMs). */
  timeoutMs?: number;
  /** How a user names the provider in an error ("The weather service took too long…"). */
  label: string;
  run: (input: SkillInputs[S], ctx: RunContext) => Promise<SkillOutputs[S]>;
}

/** A skill as the registry knows it: when it is available and how it becomes a tool. */
export interface SkillModule<S extends Skill = Skill> {
  id: S;
  available: (config: Config) => boolean;
  create: (ctx: SkillContext) => Tool;
}

/**
 * An AI SDK tool from a skill definition: the contract's input schema, and an `execute` bounded
 * by the skill's own timeout (a slow provider fails this call with a readable error; the reply
 * goes on) and by the reply's signal (Stop ends it at once).
 */
export function skillTool<S extends Skill>(ctx: SkillContext, definition: SkillDefinition<S>): Tool {
  // One tool shape for every skill; the contract's schema validates what the model sent.
  const inputSchema = skillInputSchemas[definition.id] as unknown as z.ZodType<Record<string, unknown>>;
  return tool<Record<string, unknown>, unknown>({
    description: definition.description,
    inputSchema,
    execute: async (input, options) => {
      const timeout = AbortSignal.timeout(
        Math.min(
          definition.timeoutMs ?? REPLY_POLICY.skillTimeoutMs[definition.id],
          ctx.config.SKILL_TIMEOUT_MS ?? Number.POSITIVE_INFINITY,
        ),
      );
      const signals = [ctx.signal, timeout, ...(options.abortSignal ? [options.abortSignal] : [])];
      const signal = AbortSignal.any(signals);
      // Charged first: a refused charge throws before anything waits on the signal.
      await ctx.charge(definition.id, options.toolCallId);
      failpoint('reply.tool-running');
      try {
        // Whatever the provider code does with the signal, the call ends when it fires.
        return await untilAborted(definition.run(input as SkillInputs[S], { ...ctx, signal }), signal, () =>
          timeout.aborted && !ctx.signal.aborted
            ? new SkillError(`The ${definition.label} took too long to answer.`)
            : new SkillError('Stopped.'),
        );
      } catch (error) {
        if (error instanceof SkillError) throw error;
        // Not a sentence for users (a bug, a parse error): a neutral one, the cause kept for the log.
        throw new SkillError(UNEXPECTED_SKILL_ERROR, { cause: error });
      }
    },
  }) as Tool;
}

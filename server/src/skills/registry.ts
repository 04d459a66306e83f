import { REQUEST_DATA_TIMEOUT_MS, SKILLS, type Skill, type SkillInfo } from '@neura/contract';
import type { ToolSet } from 'ai';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { FileService } from '../files/service.js';
import type { Realtime } from '../realtime/realtime.js';
import { checkDomainSkill } from './check-domain.js';
import { requestDeviceLocation } from './device-location.js';
import { forecastWeatherSkill } from './forecast-weather.js';
import { OutboundAllowList } from './http/address-policy.js';
import { ProviderClient } from './http/provider-client.js';
import { SafeHttpClient } from './http/safe-client.js';
import { generateMusicSkill } from './media/generate-music.js';
import { imageSkills } from './media/image-skills.js';
import { generateImage } from './media/images-provider.js';
import { skillFiles } from './media/skill-files.js';
import { readUrlSkill } from './read-url.js';
import { SkillError } from './skill-error.js';
import type { SkillContext, SkillModule } from './skill-tool.js';
import { videoSearchSkill } from './video-search.js';
import { webSearchSkill } from './web-search.js';
import { yelpBusinessSearchSkill } from './yelp-business-search.js';

/** Credit surcharge per call (ARCHITECTURE.md §3); `SKILL_COSTS` overrides. */
export const DEFAULT_SKILL_COSTS: Record<Skill, number> = {
  generate_image: 4,
  edit_image: 4,
  edit_image_canvas: 4,
  repair_image: 2,
  generate_music: 8,
  rotate_image: 0,
  resize_image: 0,
  web_search: 0,
  read_url: 0,
  video_search: 0,
  forecast_weather: 0,
  yelp_business_search: 0,
  check_domain: 0,
};

/** The skills this server can run. */
const MODULES: SkillModule[] = [
  webSearchSkill,
  readUrlSkill,
  videoSearchSkill,
  forecastWeatherSkill,
  yelpBusinessSearchSkill,
  checkDomainSkill,
  ...imageSkills,
  generateMusicSkill,
] as SkillModule[];

export interface ReplySkillContext {
  user: { id: string };
  chat: { id: string };
  persona: { id: string };
  messageId: string;
  signal: AbortSignal;
}

export const NOT_ENOUGH_CREDITS_FOR_SKILL = 'Not enough credits for this skill.';
export const surchargeKey = (messageId: string, callId: string) => `tool:${messageId}:${callId}`;

/**
 * Which skills this server offers (a skill is available when its provider is configured) and the
 * tool set of one reply: the persona's `includedSkills` ∩ available, each tool built by its
 * skill's factory with the reply's context.
 */
export class SkillRegistry {
  private readonly modules = new Map<Skill, SkillModule>(MODULES.map((m) => [m.id, m]));
  private readonly costs: Record<Skill, number>;
  readonly provider = new ProviderClient();
  readonly safe: SafeHttpClient;

  constructor(
    private readonly config: Config,
    private readonly realtime: Pick<Realtime, 'attached' | 'session'>,
    private readonly credits?: Pick<CreditService, 'chargeKeyed'>,
    private readonly files?: Pick<FileService, 'readOwned' | 'saveResult' | 'url'>,
  ) {
    this.safe = new SafeHttpClient(OutboundAllowList.parse(config.OUTBOUND_ALLOW));
    const overrides = config.SKILL_COSTS ? (JSON.parse(config.SKILL_COSTS) as Partial<Record<string, number>>) : {};
    this.costs = { ...DEFAULT_SKILL_COSTS };
    for (const skill of SKILLS) {
      const value = overrides[skill];
      if (value !== undefined) this.costs[skill] = value;
    }
  }

  /** How long a device may take to share its location (15 s; half the skill cap when one is set). */
  private get locationWaitMs(): number {
    const cap = this.config.SKILL_TIMEOUT_MS;
    return cap === undefined ? REQUEST_DATA_TIMEOUT_MS : Math.min(REQUEST_DATA_TIMEOUT_MS, Math.floor(cap / 2));
  }

  isAvailable(skill: Skill): boolean {
    return this.modules.get(skill)?.available(this.config) ?? false;
  }

  costOf(skill: Skill): number {
    return this.costs[skill];
  }

  /** GET /skills. */
  list(): SkillInfo[] {
    return SKILLS.map((id) => ({ id, available: this.isAvailable(id), cost: this.costOf(id) }));
  }

  /** The tools offered for one reply; undefined when there are none (a plain chat). */
  toolsFor(includedSkills: readonly string[], reply: ReplySkillContext): ToolSet | undefined {
    const context: SkillContext = {
      ...reply,
      http: { provider: this.provider, safe: this.safe },
      config: this.config,
      files: skillFiles(this.files, reply.user.id, reply.chat.id),
      requestLocation: (signal) => requestDeviceLocation(this.realtime, reply.user.id, signal, this.locationWaitMs),
      charge: (skill, callId) => this.charge(reply, skill, callId),
    };
    const tools: ToolSet = {};
    for (const id of new Set(includedSkills)) {
      const module = this.modules.get(id as Skill);
      if (module?.available(this.config)) tools[module.id] = module.create(context);
    }
    return Object.keys(tools).length > 0 ? tools : undefined;
  }

  /**
   * The surcharge of one call, charged when it starts. A call that fails is refunded by its
   * reply's settlement (replies/settle.ts), in the same transaction as the reply's end.
   */
  private async charge(reply: ReplySkillContext, skill: Skill, callId: string): Promise<void> {
    const cost = this.costOf(skill);
    if (cost === 0) return;
    if (!this.credits) throw new SkillError(NOT_ENOUGH_CREDITS_FOR_SKILL);
    const key = surchargeKey(reply.messageId, callId);
    const left = await this.credits.chargeKeyed(reply.user.id, cost, key, `skill:${skill}`);
    if (left === undefined) throw new SkillError(NOT_ENOUGH_CREDITS_FOR_SKILL);
  }

  /**
   * One picture from the images provider outside a reply (a custom persona's avatar, issue #29);
   * throws SkillError (a readable message) when the provider fails. The caller charges for it.
   */
  generatePicture(prompt: string, signal: AbortSignal): Promise<Buffer> {
    return generateImage({ http: { provider: this.provider, safe: this.safe }, config: this.config, signal }, prompt);
  }

  async close(): Promise<void> {
    await Promise.all([this.provider.close(), this.safe.close()]);
  }
}

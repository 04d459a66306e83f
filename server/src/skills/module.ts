import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { FileService } from '../files/service.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import type { Realtime } from '../realtime/realtime.js';
import { SkillRegistry } from './registry.js';
import { skillRoutes } from './routes.js';

/** Skills: the tools a reply may call, their HTTP clients and surcharges; `GET /skills`. */
export function createSkillsModule({
  config,
  realtime,
  credits,
  files,
}: {
  config: Config;
  realtime: Pick<Realtime, 'attached' | 'session'>;
  credits: CreditService;
  files?: FileService;
}) {
  const skills = new SkillRegistry(config, realtime, credits, files);
  /** Its HTTP clients are closed once no request can call a skill any more (after the HTTP server). */
  const part: LifecyclePart = { name: 'skills', stop: () => skills.close() };
  return { skills, routes: skillRoutes(skills), part };
}

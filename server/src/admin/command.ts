import type { ParseArgsConfig } from 'node:util';
import type { AppModules } from '../modules.js';

/** What every admin command is and receives (commands.ts lists them; features' sets sit beside it). */
export interface CommandContext {
  services: AppModules;
  args: string[];
  options: Record<string, string | boolean | undefined | Array<string | boolean>>;
  out: (line: string) => void;
  readFile: (path: string) => string;
}

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  options?: ParseArgsConfig['options'];
  run: (ctx: CommandContext) => Promise<number>;
}

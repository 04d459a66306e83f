import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import type { AdminPort } from './port.js';

/** What every admin command is and receives (commands.ts lists them; features' sets sit beside it). */
export interface CommandContext {
  /** The features' admin operations (each audited in its transaction) and a few reads. */
  admin: AdminPort;
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

/** What a command that must not open the app's modules receives (backup, restore). */
export interface StandaloneContext {
  config: Config;
  args: string[];
  options: CommandContext['options'];
  out: (line: string) => void;
}

/**
 * A command run on the configuration alone: no migrations, no catalog seeding, no link to running
 * servers (a restore needs a database nobody touched; a backup only reads).
 */
export interface StandaloneCommand extends Omit<AdminCommand, 'run'> {
  standalone: (ctx: StandaloneContext) => Promise<number>;
}

import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import { createDb, migrateToLatest } from '../db/database.js';
import { type AppModules, composeModules } from '../modules.js';
import { RedisLink } from '../realtime/redis-health.js';
import { standaloneCommands } from './backup-commands.js';
import { type AdminEvent, announceToRunningServer, FORWARDED_EVENTS, publishAdminEvent } from './channel.js';
import type { StandaloneCommand } from './command.js';
import { type AdminCommand, adminCommands } from './commands.js';
import { adminPort } from './port.js';
import { safeForTerminal } from './terminal-text.js';

const HELP = `Neura admin

Usage: npm run admin -- <command> [options]

Works on the same DATA_DIR / DATABASE_URL as the app.

Commands:
${[...adminCommands, ...standaloneCommands].map((c) => `  ${c.usage.padEnd(46)} ${c.summary}`).join('\n')}
`;

function findCommand(argv: string[]): { command: AdminCommand | StandaloneCommand; rest: string[] } | undefined {
  for (const command of [...adminCommands, ...standaloneCommands]) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { command, rest: argv.slice(words.length) };
  }
  return undefined;
}

export async function runAdmin(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  // Rows hold user text (feedback, waitlist addresses, names): never let it drive the terminal.
  const out = (line: string) => print(safeForTerminal(line));
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    out(HELP);
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    out(`Unknown command: ${argv.join(' ')}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parseArgs({
    args: found.rest,
    options: found.command.options ?? {},
    allowPositionals: true,
  });
  if (values.help) {
    out(`Usage: npm run admin -- ${found.command.usage}\n${found.command.summary}`);
    return 0;
  }
  const config = loadConfig();
  if ('standalone' in found.command) {
    try {
      return await found.command.standalone({ config, args: positionals, options: values, out });
    } catch (error) {
      out(`Error: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  const command = found.command;
  const db = createDb(config.database);
  let redis: RedisLink | undefined;
  try {
    await migrateToLatest(db);
    const silent = {
      info() {},
      warn() {},
      error() {},
      debug() {},
      fatal() {},
      trace() {},
      child() {
        return silent;
      },
      level: 'silent',
      silent() {},
    };
    const services: AppModules = composeModules(config, db, silent as never);
    redis = await reachRunningServers(services, config, out);
    await services.personas.seedCatalog();
    // Each command changes things only through the features' admin operations, which write their
    // audit line in the change's transaction (admin/port.ts).
    const code = await command.run({
      admin: adminPort(services),
      args: positionals,
      options: values,
      out,
      readFile: (p) => fs.readFileSync(p, 'utf8'),
    });
    return code;
  } catch (error) {
    out(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
    await redis?.close();
  }
}

/**
 * What a command changes for a user's open devices (balances, Pro, ended sessions) reaches every
 * running server: with REDIS_URL over the admin pub/sub channel (each server re-announces it for
 * its own sockets), without it through the running server's loopback admin channel (channel.ts).
 * No server running: the change is just stored. Returns the Redis link to close at the end.
 */
async function reachRunningServers(
  modules: AppModules,
  config: Config,
  out: (line: string) => void,
): Promise<RedisLink | undefined> {
  const redis = config.REDIS_URL
    ? await RedisLink.open(config.REDIS_URL, {
        prefix: config.REDIS_PREFIX,
        log: modules.log,
        bootTimeoutMs: config.REDIS_BOOT_TIMEOUT_SECONDS * 1000,
      })
    : undefined;
  const forward = async (message: AdminEvent) => {
    try {
      if (redis) await publishAdminEvent(redis, message);
      else await announceToRunningServer(config.DATA_DIR, message);
    } catch (error) {
      out(`Note: the running servers were not told (${error instanceof Error ? error.message : error}).`);
    }
  };
  for (const event of FORWARDED_EVENTS) {
    // The payload as the channel carries it (a `local` mark is the receiving server's own).
    modules.events.on(event, ({ local: _local, ...payload }) => forward({ event, payload } as AdminEvent));
  }
  return redis;
}

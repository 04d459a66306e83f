import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import { createDb, migrateToLatest } from '../db/database.js';
import { type AppModules, composeModules } from '../modules.js';
import { RedisLink } from '../realtime/redis-health.js';
import { standaloneCommands } from './backup-commands.js';
import { announceToRunningServer } from './channel.js';
import type { StandaloneCommand } from './command.js';
import { type AdminCommand, adminCommands } from './commands.js';
import { cliActor, isReadOnlyCommand, SELF_AUDITED } from './console-commands.js';
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
  let realtime: AppModules['realtime'] | undefined;
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
    realtime = services.realtime;
    await reachRunningServers(services, config, out);
    await services.personas.seedCatalog();
    const code = await command.run({
      services,
      args: positionals,
      options: values,
      out,
      readFile: (p) => fs.readFileSync(p, 'utf8'),
    });
    // Every change made from the command line is in the audit log (the console reads it).
    const name = found.command.name;
    if (!isReadOnlyCommand(name) && !SELF_AUDITED.has(name)) {
      const { help: _help, ...options } = values;
      await services.audit.record(cliActor(), {
        action: `cli:${name.replace(' ', '.')}`,
        target: positionals.join(' ') || '-',
        after: { exitCode: code, ...options },
      });
    }
    return code;
  } catch (error) {
    out(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
    await realtime?.close();
  }
}

/**
 * Balance changes made here reach the user's open devices: with REDIS_URL through the Socket.IO
 * Redis adapter (every server process delivers to its sockets in room `user:<id>`); without it
 * through the running server's loopback admin channel (see channel.ts). No server running: the
 * change is just stored.
 */
async function reachRunningServers(modules: AppModules, config: Config, out: (line: string) => void): Promise<void> {
  if (config.REDIS_URL) {
    const redis = await RedisLink.open(config.REDIS_URL, {
      prefix: config.REDIS_PREFIX,
      log: modules.log,
      bootTimeoutMs: config.REDIS_BOOT_TIMEOUT_SECONDS * 1000,
    });
    await modules.realtime.attachEmitter(redis);
    return;
  }
  modules.events.on('credits.changed', async (change) => {
    try {
      await announceToRunningServer(config.DATA_DIR, change);
    } catch (error) {
      out(`Note: the running server was not told (${error instanceof Error ? error.message : error}).`);
    }
  });
}

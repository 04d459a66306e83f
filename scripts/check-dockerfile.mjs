// Checks the Dockerfile without a container engine (none on our machines; docs/DEPLOYMENT.md
// "Container"). Always: the rules the image must keep (official Node LTS slim base, non-root user,
// the data dir a volume, a HEALTHCHECK on the ready endpoint, production dependencies only) and
// that every file a COPY names is in the repo. With --run: the stages' steps as the image build
// would run them, in a fresh clone (committed files only): each stage in its own folder standing
// for its /app, COPY from the clone or an earlier stage, the npm steps run (system packages, user
// and folder steps are listed, not run: they need root in an image); then the last stage's CMD is
// started on a free port and its HEALTHCHECK must pass, and no dev dependency may be in it.
// The same in two steps: `--build-into <dir>` (the stages only, no timeouts: .ci/run starts it in
// the background, niced, while the tests run), then `--start-built <dir>` (start, check, remove dir).
// Node built-ins only. Exits non-zero with a list of what is wrong.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LTS_MAJORS = [22, 24];

/** The Dockerfile's stages: FROM (ARG defaults applied), then their instructions, lines joined. */
export function parseDockerfile(text) {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const args = {};
  const stages = [];
  for (const line of lines) {
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = op.toUpperCase();
    const expand = (s) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (m, a, b) => args[a ?? b] ?? m);
    if (instruction === 'ARG' && stages.length === 0) {
      const [name, value = ''] = rest.split('=');
      args[name] = value;
    } else if (instruction === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(expand(rest)) ?? [];
      stages.push({ name: name ?? String(stages.length), image, steps: [] });
    } else if (stages.length > 0) {
      stages.at(-1).steps.push({ op: instruction, args: rest });
    }
  }
  return stages;
}

/** `COPY [--from=x] a b dest` → { from, sources, dest } (the JSON form is not used here). */
export function parseCopy(args) {
  const words = args.split(/\s+/);
  const from = words[0]?.startsWith('--from=') ? words.shift()?.slice(7) : undefined;
  const dest = words.pop();
  return { from, sources: words, dest };
}

/** What the Dockerfile must keep; returns the problems found. */
export function checkRules(stages, repo = root) {
  const problems = [];
  if (stages.length < 2) problems.push('the Dockerfile must have several stages (build, then a smaller image)');
  for (const stage of stages) {
    const m = /^node:(\d+)\.\d+\.\d+-[a-z]+-slim$/.exec(stage.image ?? '');
    if (!m) problems.push(`stage ${stage.name}: ${stage.image} is not an official node:<version>-<debian>-slim image`);
    else if (!LTS_MAJORS.includes(Number(m[1])))
      problems.push(`stage ${stage.name}: Node ${m[1]} is not a current LTS (${LTS_MAJORS.join(', ')})`);
    for (const step of stage.steps.filter((s) => s.op === 'COPY')) {
      const copy = parseCopy(step.args);
      if (copy.from) {
        if (!stages.some((s) => s.name === copy.from)) problems.push(`COPY --from=${copy.from}: no such stage`);
        continue;
      }
      for (const source of copy.sources)
        if (source !== '.' && !fs.existsSync(path.join(repo, source))) problems.push(`COPY ${source}: not in the repo`);
    }
  }
  const last = stages.at(-1);
  if (!last) return problems;
  const ops = (op) => last.steps.filter((s) => s.op === op);
  const user = ops('USER').at(-1)?.args;
  if (!user || user === 'root' || user === '0') problems.push('the image must run as a non-root USER');
  const env = Object.fromEntries(
    ops('ENV').flatMap((s) => [...s.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );
  if (!env.DATA_DIR) problems.push('the image must set DATA_DIR');
  if (!ops('VOLUME').some((s) => s.args.split(/\s+/).includes(env.DATA_DIR)))
    problems.push(`DATA_DIR (${env.DATA_DIR}) must be a VOLUME`);
  const health = ops('HEALTHCHECK').at(-1)?.args ?? '';
  if (!health.includes("'/api/'")) problems.push('the image needs a HEALTHCHECK on the ready endpoint (/api/)');
  if (env.NODE_ENV !== 'production') problems.push('the image must set NODE_ENV=production');
  if (ops('COPY').some((s) => parseCopy(s.args).sources.includes('.')))
    problems.push('the last stage must not COPY the whole context (only built output and production dependencies)');
  if (ops('CMD').length === 0) problems.push('the image needs a CMD');
  // npm keeps a workspace's dependencies it could not hoist in <workspace>/node_modules.
  const lockFile = path.join(repo, 'package-lock.json');
  const unhoisted = fs.existsSync(lockFile)
    ? Object.keys(JSON.parse(fs.readFileSync(lockFile, 'utf8')).packages ?? {}).some((k) =>
        k.startsWith('server/node_modules/'),
      )
    : false;
  if (unhoisted && !ops('COPY').some((s) => parseCopy(s.args).sources.includes('/app/server/node_modules')))
    problems.push("the image must COPY the server workspace's own node_modules (dependencies npm did not hoist)");
  if (!fs.existsSync(path.join(repo, '.dockerignore'))) problems.push('.dockerignore is missing');
  else if (!/^node_modules$/m.test(fs.readFileSync(path.join(repo, '.dockerignore'), 'utf8')))
    problems.push('.dockerignore must leave node_modules out');
  return problems;
}

/** The JSON (exec) form of CMD/HEALTHCHECK CMD. */
function execForm(args) {
  const json = args.replace(/^.*?CMD\s+/s, '');
  return JSON.parse(json.startsWith('[') ? json : args);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const stageDir = (work, stage) => path.join(work, `stage-${stage.name}`);

/**
 * Runs the stages' steps in a fresh clone under `work` (each stage in work/stage-<name>); returns
 * the problems found. No timeouts: CI runs it in the background, niced, while the tests run.
 */
export function buildStages(stages, work, log = console.log) {
  const problems = [];
  const context = path.join(work, 'context');
  const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, context], { encoding: 'utf8' });
  if (clone.status !== 0) return [`git clone failed: ${clone.stderr}`];
  const dirs = {};
  const ignore = fs
    .readFileSync(path.join(context, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  /** .dockerignore as the build context applies it (names, and `**\/name` anywhere). */
  const ignored = (relative) =>
    relative !== '' &&
    (ignore.includes(relative) ||
      relative.split(path.sep).some((part, i) => ignore.includes(`**/${part}`) || (i === 0 && ignore.includes(part))) ||
      ignore.includes(relative.split(path.sep).slice(0, 2).join('/')));
  for (const stage of stages) {
    const dir = stageDir(work, stage);
    fs.mkdirSync(dir);
    dirs[stage.name] = dir;
    const env = { ...process.env };
    log(`› stage ${stage.name} (${stage.image})`);
    for (const step of stage.steps) {
      if (step.op === 'ENV') for (const m of step.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]] = m[2];
      if (step.op === 'COPY') {
        const { from, sources, dest } = parseCopy(step.args);
        const base = from ? dirs[from] : context;
        const target = path.join(dir, dest.replace(/^\/app\/?/, ''));
        for (const source of sources) {
          const at = path.join(base, source.replace(/^\/app\/?/, ''));
          const into =
            dest.endsWith('/') || sources.length > 1 || source === '.'
              ? path.join(target, source === '.' ? '' : path.basename(at))
              : target;
          fs.mkdirSync(path.dirname(into), { recursive: true });
          fs.cpSync(at, into, {
            recursive: true,
            verbatimSymlinks: true,
            filter: (file) => from !== undefined || !ignored(path.relative(context, file)),
          });
        }
      } else if (step.op === 'RUN') {
        if (!/^npm /.test(step.args)) {
          log(`  (not run here: RUN ${step.args.slice(0, 90)})`);
          continue;
        }
        log(`  RUN ${step.args}`);
        const run = spawnSync('sh', ['-c', step.args], {
          cwd: dir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          encoding: 'utf8',
        });
        if (run.status !== 0) {
          problems.push(
            `stage ${stage.name}: RUN ${step.args} failed (exit ${run.status})\n${(run.stdout + run.stderr).slice(-3000)}`,
          );
          return problems;
        }
      }
    }
  }
  return problems;
}

/** The built image (buildStages' last stage): production dependencies only, then it starts and its health check passes. */
export async function startImage(stages, work, log = console.log) {
  const problems = [];
  const last = stages.at(-1);
  const dir = stageDir(work, last);
  let app;
  try {
    const modules = path.join(dir, 'node_modules');
    for (const dev of ['vitest', 'typescript', '@biomejs/biome', 'esbuild', 'react', '@playwright/test', 'lighthouse'])
      if (fs.existsSync(path.join(modules, dev))) problems.push(`the image has a dev/web/test package: ${dev}`);
    for (const needed of ['fastify', 'better-sqlite3', 'prom-client', 'pg'])
      if (!fs.existsSync(path.join(modules, needed))) problems.push(`the image lacks ${needed}`);
    const env = {};
    for (const s of last.steps.filter((x) => x.op === 'ENV'))
      for (const m of s.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]] = m[2];
    const port = await freePort();
    const data = path.join(work, 'data');
    fs.mkdirSync(data);
    const runEnv = { ...process.env, ...env, DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    for (const name of ['DATABASE_URL', 'REDIS_URL']) delete runEnv[name];
    const [cmd, ...cmdArgs] = execForm(last.steps.filter((s) => s.op === 'CMD').at(-1).args);
    log(`› starting the image's CMD: ${[cmd, ...cmdArgs].join(' ')} (port ${port})`);
    app = spawn(cmd === 'node' ? process.execPath : cmd, cmdArgs, {
      cwd: dir,
      env: runEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    app.stdout.on('data', (d) => {
      output += d;
    });
    app.stderr.on('data', (d) => {
      output += d;
    });
    const [hcmd, ...hargs] = execForm(last.steps.filter((s) => s.op === 'HEALTHCHECK').at(-1).args);
    let healthy = false;
    for (let i = 0; i < 120 && !healthy && app.exitCode === null && app.signalCode === null; i++) {
      const check = spawnSync(hcmd === 'node' ? process.execPath : hcmd, hargs, { env: runEnv, timeout: 5000 });
      healthy = check.status === 0;
      if (!healthy) await new Promise((r) => setTimeout(r, 500));
    }
    if (!healthy) problems.push(`the image's HEALTHCHECK never passed\n${output.slice(-3000)}`);
    else log('  HEALTHCHECK passed');
    if (!fs.existsSync(path.join(data, 'neura.db'))) problems.push('the app did not keep its database in DATA_DIR');
  } finally {
    if (app && app.exitCode === null && app.signalCode === null) {
      app.kill('SIGTERM');
      await new Promise((r) => app.once('exit', r));
    }
  }
  return problems;
}

/** Builds the stages in a fresh clone, then starts the image; returns the problems found. */
export async function runStages(stages, log = console.log) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-image-'));
  try {
    const problems = buildStages(stages, work, log);
    return problems.length > 0 ? problems : await startImage(stages, work, log);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** `--build-into <dir>` builds there and records its problems (dir/build.json); `--start-built <dir>` then starts that image. */
async function cli(argv) {
  const stages = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const problems = checkRules(stages);
  const option = (name) => (argv.includes(name) ? path.resolve(argv[argv.indexOf(name) + 1] ?? '') : undefined);
  const buildInto = option('--build-into');
  const startBuilt = option('--start-built');
  if (problems.length === 0 && argv.includes('--run')) problems.push(...(await runStages(stages)));
  if (problems.length === 0 && buildInto) {
    fs.rmSync(buildInto, { recursive: true, force: true });
    fs.mkdirSync(buildInto, { recursive: true });
    const built = buildStages(stages, buildInto);
    // Only the last stage is started: the clone and the earlier stages (two installs' node_modules,
    // ~30 s to delete on a slow disk) are removed here, in the background step, not at the end.
    for (const dir of [path.join(buildInto, 'context'), ...stages.slice(0, -1).map((s) => stageDir(buildInto, s))])
      fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(path.join(buildInto, 'build.json'), JSON.stringify(built));
  }
  if (problems.length === 0 && startBuilt) {
    try {
      const record = path.join(startBuilt, 'build.json');
      if (!fs.existsSync(record)) problems.push(`${startBuilt} holds no finished build (run --build-into first)`);
      else problems.push(...JSON.parse(fs.readFileSync(record, 'utf8')));
      if (problems.length === 0) problems.push(...(await startImage(stages, startBuilt)));
    } finally {
      fs.rmSync(startBuilt, { recursive: true, force: true });
    }
  }
  if (problems.length > 0) {
    console.error(`✖ Dockerfile:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const did =
    argv.includes('--run') || startBuilt ? ', built and started as the image would be' : buildInto ? ', built' : '';
  console.log(`✓ Dockerfile: ${stages.length} stages${did}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await cli(process.argv.slice(2));

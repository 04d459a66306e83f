// Import rules as code (docs/ARCHITECTURE.md "Seams" and "Web › Layers"): `npm test` runs
// `depcruise` with this file (scripts/import-rules.mjs); scripts/import-rules.test.mjs plants
// violations and shows that these rules fail them.
//
// Layers are listed top to bottom. A file may import files of its own layer or below, never above;
// no circles anywhere. Folders not listed (new ones) are not ranked: give them a layer here.

/** server/src, top to bottom (each entry: top-level files or folders of server/src). */
const SERVER_LAYERS = [
  ['main.ts'],
  ['app.ts'],
  ['admin/'],
  ['modules.ts'],
  ['takeout/'],
  ['sharing/'],
  ['conversation/', 'media/', 'oidc/'],
  ['skills/', 'voice/', 'console/', 'creator/', 'replies/', 'memory/', 'notifications/', 'documents/'],
  ['chats/', 'files/', 'feedback/', 'billing/', 'search/', 'speech/', 'security/'],
  ['accounts/', 'system/'],
  ['auth/'],
  ['entitlements/'],
  ['realtime/', 'personas/', 'credits/'],
  ['audit/', 'jobs/'],
  ['lib/'],
  ['db/', 'llm/'],
  ['config.ts', 'config/'],
  ['errors.ts', 'version.ts', 'mail/', 'web/', 'i18n/'],
];

/** web/src, top to bottom. */
const WEB_LAYERS = [
  ['main.tsx', 'test/'],
  ['app/'],
  [
    'admin/',
    'auth/',
    'billing/',
    'chat/',
    'chats/',
    'creator/',
    'explore/',
    'help/',
    'pages/',
    'settings/',
    'store-banner/',
  ],
  ['analytics/', 'conversation-io/', 'files/', 'media/', 'voice/'],
  ['personas/'],
  ['skills/'],
  ['ui/'],
  ['i18n/'],
  ['pwa/'],
  ['platform/'],
  ['api/'],
  ['store/'],
  ['texts/'],
];

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path regex for some entries of a layer under `root` ("x/" a folder, "x.ts" a file). */
const pathsOf = (root, entries) =>
  `^${escapeRe(root)}(${entries.map((e) => (e.endsWith('/') ? `${escapeRe(e)}` : `${escapeRe(e)}$`)).join('|')})`;

/** One rule per layer: nothing in it imports any layer above it. */
function layerRules(root, layers, name) {
  return layers.slice(1).map((layer, i) => ({
    name: `${name}-no-import-up:${layer.join(',')}`,
    comment: `${root}${layer.join(', ')} must not import a layer above it (docs/ARCHITECTURE.md)`,
    severity: 'error',
    from: { path: pathsOf(root, layer) },
    to: { path: pathsOf(root, layers.slice(0, i + 1).flat()) },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles (docs/ARCHITECTURE.md)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules('server/src/', SERVER_LAYERS, 'server'),
    ...layerRules('web/src/', WEB_LAYERS, 'web'),
    {
      name: 'accounts-repositories-stay-in-accounts',
      comment:
        "accounts' repositories (users, sessions, codes, attempts, invites, waitlist) are used only inside accounts/",
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/accounts/' },
      to: { path: '^server/src/accounts/[^/]*-repository\\.ts$' },
    },
    {
      name: 'credit-repository-only-in-credits',
      comment: 'CreditRepository is used only by CreditService: every balance change goes through credits/',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/credits/' },
      to: { path: '^server/src/credits/repository\\.ts$' },
    },
    {
      name: 'limit-counters-only-in-the-limiter',
      comment: 'attempt_counters is written by lib/limits/ (the one limiter, built once in modules.ts)',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(lib/limits/|modules\\.ts$)' },
      to: { path: '^server/src/lib/limits/counter-repository\\.ts$' },
    },
    {
      name: 'nothing-imports-the-console',
      comment:
        'console/ is routes, the guard and its read model: features own their admin operations and the audit log sits below them (audit/), so only modules.ts composes it (issue #42)',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(console/|modules\\.ts$)' },
      to: { path: '^server/src/console/' },
    },
    {
      name: 'realtime-not-accounts',
      comment: 'realtime/ is given authenticate(); it never imports accounts/ (docs/ARCHITECTURE.md)',
      severity: 'error',
      from: { path: '^server/src/realtime/' },
      to: { path: '^server/src/accounts/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves (a rule cannot judge an import it cannot follow)',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(hast|vite/client)$' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'contract/ is shared by both sides and imports neither',
      severity: 'error',
      from: { path: '^contract/src/' },
      to: { path: '^(server|web|test-kit|e2e|bench)/' },
    },
    {
      name: 'server-not-web',
      comment: 'server and web meet only in the contract',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { path: '^(web|test-kit|e2e|bench)/' },
    },
    {
      name: 'web-not-server',
      comment: 'server and web meet only in the contract',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(server|test-kit|e2e|bench)/' },
    },
    {
      name: 'no-test-code-in-app',
      comment: 'application code never imports a test file',
      severity: 'error',
      from: { path: '^(server|web|contract)/src/', pathNot: '\\.test\\.(ts|tsx)$|^web/src/test/' },
      to: { path: '\\.test\\.(ts|tsx)$|^web/src/test/|^server/test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.(ts|tsx|mjs)$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};

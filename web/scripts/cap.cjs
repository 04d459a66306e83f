// Runs the Capacitor CLI. Its bin refuses Node < 22 (engines of @capacitor/cli 8.x), but the CLI's
// code runs on Node 20 (checked: no Node 22-only API), so this calls it directly; on Node ≥ 22
// `npx cap` works unchanged. Usage: `npm run cap -w web -- sync` (docs/NATIVE.md).
require('@capacitor/cli/dist/index').run();

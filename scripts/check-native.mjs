// CI check of the native shell (docs/NATIVE.md): runs `cap sync` offline on the built web app
// through the Node 20 shim (web/scripts/cap.cjs, also fine on Node ≥ 22), then checks that the web
// assets and config landed in both platforms, that the committed native projects did not change
// (they are in step with the installed plugins), the native settings the app relies on, and that
// Google's test AdMob ids sit only in the QA variant (scripts/admob-ids.mjs): the production web
// build in web/dist must not name them. Node built-ins only. Exits non-zero with a list of what is wrong.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admobIdProblems, filesNamingTestPublisher } from './admob-ids.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const at = (...p) => path.join(web, ...p);
const read = (...p) => fs.readFileSync(at(...p), 'utf8');
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

if (!fs.existsSync(at('dist/index.html'))) {
  console.error('✖ web/dist is missing: build the web app first (npm run build -w web)');
  process.exit(1);
}

/** Tracked files under the native projects, with their contents, to see what `cap sync` rewrites. */
function trackedNativeFiles() {
  const out = spawnSync('git', ['ls-files', '-z', '--', 'web/android', 'web/ios'], { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) return new Map();
  const files = out.stdout.split('\0').filter(Boolean);
  return new Map(files.map((f) => [f, fs.existsSync(path.join(root, f)) ? fs.readFileSync(path.join(root, f)) : null]));
}

const before = trackedNativeFiles();
const sync = spawnSync(process.execPath, [at('scripts/cap.cjs'), 'sync'], {
  cwd: web,
  encoding: 'utf8',
  // Non-interactive: no prompts, no telemetry.
  env: { ...process.env, CI: '1' },
});
if (sync.status !== 0) {
  console.error(`✖ cap sync failed (exit ${sync.status})\n${sync.stdout}\n${sync.stderr}`);
  process.exit(1);
}

const changed = [...before].filter(([f, content]) => {
  const now = fs.existsSync(path.join(root, f)) ? fs.readFileSync(path.join(root, f)) : null;
  return content === null || now === null ? content !== now : !content.equals(now);
});
check(
  changed.length === 0,
  `cap sync changed committed files (run \`npm run cap -w web -- sync\` and commit): ${changed.map(([f]) => f).join(', ')}`,
);

// Web assets copied byte for byte, /outdated.html included.
for (const [platform, dir] of [
  ['android', 'android/app/src/main/assets/public'],
  ['ios', 'ios/App/App/public'],
]) {
  for (const file of ['index.html', 'outdated.html', 'manifest.webmanifest']) {
    const copied = at(dir, file);
    check(
      fs.existsSync(copied) && fs.readFileSync(copied).equals(fs.readFileSync(at('dist', file))),
      `${platform}: ${file} is not a copy of dist/${file}`,
    );
  }
  const assets = fs.readdirSync(at('dist/assets')).filter((f) => f.endsWith('.js'));
  const missing = assets.filter((f) => !fs.existsSync(at(dir, 'assets', f)));
  check(missing.length === 0, `${platform}: assets not copied: ${missing.slice(0, 5).join(', ')}`);
}

// The generated config.
for (const file of ['android/app/src/main/assets/capacitor.config.json', 'ios/App/App/capacitor.config.json']) {
  const config = fs.existsSync(at(file)) ? JSON.parse(read(file)) : {};
  check(config.appId === 'ai.neura.app', `${file}: appId is ${config.appId}, expected ai.neura.app`);
  check(config.webDir === 'dist', `${file}: webDir is ${config.webDir}, expected dist`);
}
const plugins = ['@capacitor-community/admob', '@capacitor/app', '@capacitor/geolocation', '@capacitor/haptics'];
const androidPlugins = fs.existsSync(at('android/app/src/main/assets/capacitor.plugins.json'))
  ? JSON.parse(read('android/app/src/main/assets/capacitor.plugins.json')).map((p) => p.pkg)
  : [];
const packageSwift = read('ios/App/CapApp-SPM/Package.swift');
for (const plugin of plugins) {
  check(androidPlugins.includes(plugin), `android: plugin ${plugin} is not registered`);
  check(packageSwift.includes(`node_modules/${plugin}"`), `ios: plugin ${plugin} is not in Package.swift`);
}

// Native settings the app relies on.
const gradle = read('android/app/build.gradle');
check(/applicationId "ai\.neura\.app"/.test(gradle), 'android: applicationId is not ai.neura.app');
check(
  /qa\s*\{[^}]*applicationIdSuffix "\.qa"/.test(gradle),
  'android: the qa flavor with applicationIdSuffix ".qa" is missing',
);
check(/prod\s*\{/.test(gradle), 'android: the prod flavor is missing');
// Passkeys in the app (docs/NATIVE.md): WebAuthn turned on in the web view, with its library.
check(/androidx\.webkit:webkit:/.test(gradle), 'android: build.gradle lacks androidx.webkit (passkeys in the app)');
const activity = read('android/app/src/main/java/ai/neura/app/MainActivity.java');
check(
  activity.includes('WEB_AUTHENTICATION_SUPPORT_FOR_APP'),
  'android: MainActivity does not turn on WebAuthn in the web view (passkeys in the app)',
);
const manifest = read('android/app/src/main/AndroidManifest.xml');
for (const needle of [
  'com.google.android.gms.ads.APPLICATION_ID',
  'android.permission.RECORD_AUDIO',
  'android.permission.ACCESS_FINE_LOCATION',
  'android.permission.ACCESS_COARSE_LOCATION',
  // The provider sign-in's deep link (server/src/oidc/routes.ts NATIVE_RETURN).
  'android:scheme="ai.neura.app" android:host="oidc"',
]) {
  check(manifest.includes(needle), `android: AndroidManifest.xml lacks ${needle}`);
}
const plist = read('ios/App/App/Info.plist');
for (const key of [
  'NSMicrophoneUsageDescription',
  'NSLocationWhenInUseUsageDescription',
  'NSUserTrackingUsageDescription',
  'GADApplicationIdentifier',
  'SKAdNetworkItems',
  'CFBundleURLTypes',
]) {
  check(plist.includes(`<key>${key}</key>`), `ios: Info.plist lacks ${key}`);
}
check(plist.includes('<string>ai.neura.app</string>'), 'ios: Info.plist lacks the ai.neura.app URL scheme');
const pbxproj = read('ios/App/App.xcodeproj/project.pbxproj');
check(
  pbxproj.includes('PRODUCT_BUNDLE_IDENTIFIER = ai.neura.app.qa;'),
  'ios: no QA configuration with ai.neura.app.qa',
);
const qaScheme = at('ios/App/App.xcodeproj/xcshareddata/xcschemes/App QA.xcscheme');
check(
  fs.existsSync(qaScheme) && fs.readFileSync(qaScheme, 'utf8').includes('buildConfiguration = "QA"'),
  'ios: the "App QA" scheme is missing',
);

// AdMob ids: test ids in the QA variant only; the built web app (the production build) names none.
problems.push(...admobIdProblems((file) => (fs.existsSync(at(file)) ? read(file) : null)));
const withTestIds = filesNamingTestPublisher(at('dist'));
check(
  withTestIds.length === 0,
  `web/dist names Google's test AdMob ids (${withTestIds.slice(0, 5).join(', ')}): they belong to the QA build (npm run build:qa -w web) only; check the production build (npm run build -w web)`,
);

if (problems.length > 0) {
  console.error(`✖ native shell check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `✔ native shell: cap sync ran offline on Node ${process.versions.node}; assets, config and settings in place`,
);

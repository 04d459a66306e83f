// Where the AdMob ids live (docs/NATIVE.md "Ads"): Google's published test ids only in the QA
// variant's configuration (web/.env.qa, the Android `qa` flavor, the iOS qa.xcconfig), never in the
// production web build or the production native configuration. scripts/check-native.mjs runs these
// checks; Node built-ins only, like the other repo scripts.
import fs from 'node:fs';
import path from 'node:path';

/** Google's test publisher: every one of its ids names it. */
export const TEST_PUBLISHER = 'ca-app-pub-3940256099942544';

export const GOOGLE_TEST_IDS = {
  androidApp: `${TEST_PUBLISHER}~3347511713`,
  iosApp: `${TEST_PUBLISHER}~1458002511`,
  androidBanner: `${TEST_PUBLISHER}/6300978111`,
  iosBanner: `${TEST_PUBLISHER}/2934735716`,
};

/** Files under `dir` (relative paths, sorted) whose contents name Google's test publisher. */
export function filesNamingTestPublisher(dir) {
  const found = [];
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && fs.readFileSync(path.join(dir, rel)).includes(TEST_PUBLISHER)) found.push(rel);
    }
  };
  walk('');
  return found.sort();
}

/** `name = value` lines of a .env or .xcconfig text (comments and includes skipped). */
function assignments(text) {
  const out = {};
  for (const line of (text ?? '').split('\n')) {
    const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** The base xcconfig of each build configuration of the app target, by bundle id and name. */
function targetConfigurations(pbxproj) {
  return pbxproj
    .split('isa = XCBuildConfiguration;')
    .slice(1)
    .filter((block) => block.includes('PRODUCT_BUNDLE_IDENTIFIER'))
    .map((block) => ({
      name: /\bname = (\w+);/.exec(block)?.[1],
      bundleId: /PRODUCT_BUNDLE_IDENTIFIER = ([\w.]+);/.exec(block)?.[1],
      base: /^\s*baseConfigurationReference = \w+ \/\* ([\w.-]+) \*\/;/.exec(block)?.[1],
    }));
}

/**
 * What is wrong with the AdMob ids of the web/ folder, read through `read(pathUnderWeb)` (a text,
 * or null when the file is missing). An empty list when the QA variant carries Google's test ids
 * and nothing of the production variant names the test publisher.
 */
export function admobIdProblems(read) {
  const problems = [];
  const check = (ok, message) => {
    if (!ok) problems.push(message);
  };

  const qaEnv = assignments(read('.env.qa'));
  check(qaEnv.VITE_ADMOB_BANNER_ANDROID === GOOGLE_TEST_IDS.androidBanner, 'web/.env.qa: no Android test banner id');
  check(qaEnv.VITE_ADMOB_BANNER_IOS === GOOGLE_TEST_IDS.iosBanner, 'web/.env.qa: no iOS test banner id');
  check(qaEnv.VITE_ADMOB_TESTING === 'true', 'web/.env.qa: VITE_ADMOB_TESTING is not true');
  for (const file of ['.env', '.env.production', '.env.production.local', '.env.local']) {
    check(!read(file)?.includes(TEST_PUBLISHER), `web/${file}: Google's test ids belong in web/.env.qa only`);
  }

  const gradle = read('android/app/build.gradle') ?? '';
  const qaFlavor = /\bqa\s*\{[^}]*\}/.exec(gradle)?.[0] ?? '';
  const prodFlavor = /\bprod\s*\{[^}]*\}/.exec(gradle)?.[0] ?? '';
  check(
    qaFlavor.includes(`manifestPlaceholders = [admobAppId: "${GOOGLE_TEST_IDS.androidApp}"]`),
    'android: the qa flavor does not set admobAppId to the test app id',
  );
  check(
    /manifestPlaceholders = \[admobAppId: \w+\]/.test(prodFlavor),
    'android: the prod flavor does not take admobAppId from the build configuration',
  );
  check(!gradle.replace(qaFlavor, '').includes(TEST_PUBLISHER), 'android: build.gradle names a test id outside qa');
  const manifest = read('android/app/src/main/AndroidManifest.xml') ?? '';
  check(
    /android:name="com\.google\.android\.gms\.ads\.APPLICATION_ID"\s+android:value="\$\{admobAppId\}"/.test(manifest),
    'android: the APPLICATION_ID meta-data is not the admobAppId placeholder',
  );
  for (const file of ['android/app/src/main/AndroidManifest.xml', 'android/app/src/main/res/values/strings.xml']) {
    check(!read(file)?.includes(TEST_PUBLISHER), `android: ${file} names a test id`);
  }

  const plist = read('ios/App/App/Info.plist') ?? '';
  check(
    /<key>GADApplicationIdentifier<\/key>\s*(<!--[\s\S]*?-->\s*)?<string>\$\(ADMOB_APP_ID\)<\/string>/.test(plist),
    'ios: GADApplicationIdentifier is not $(ADMOB_APP_ID)',
  );
  check(!plist.includes(TEST_PUBLISHER), 'ios: Info.plist names a test id');
  check(
    assignments(read('ios/qa.xcconfig')).ADMOB_APP_ID === GOOGLE_TEST_IDS.iosApp,
    'ios: qa.xcconfig lacks the test app id',
  );
  const prod = read('ios/prod.xcconfig');
  check(Boolean(assignments(prod).ADMOB_APP_ID), 'ios: prod.xcconfig sets no ADMOB_APP_ID');
  check(!prod?.includes(TEST_PUBLISHER), 'ios: prod.xcconfig names a test id');
  for (const config of targetConfigurations(read('ios/App/App.xcodeproj/project.pbxproj') ?? '')) {
    const want = config.bundleId === 'ai.neura.app.qa' ? 'qa.xcconfig' : 'prod.xcconfig';
    check(config.base === want, `ios: the ${config.name} configuration (${config.bundleId}) is not based on ${want}`);
  }
  return problems;
}

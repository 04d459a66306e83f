// Module hooks (registered by loaded-packages.mjs): appends the npm package of each module the
// process loads, one per line, to the file NEURA_LOADED_PACKAGES_FILE names.
import fs from 'node:fs';

export async function load(url, context, nextLoad) {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match && process.env.NEURA_LOADED_PACKAGES_FILE)
    fs.appendFileSync(process.env.NEURA_LOADED_PACKAGES_FILE, `${match[1]}\n`);
  return nextLoad(url, context);
}

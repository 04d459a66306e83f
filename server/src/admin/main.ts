import { runAdmin } from './cli.js';

runAdmin(process.argv.slice(2)).then((code) => process.exit(code));

// `node --import` this file to record which npm packages a process loads (startup-modules.test.ts).
import { register } from 'node:module';

register('./loaded-packages-hooks.mjs', import.meta.url);

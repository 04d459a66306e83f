/**
 * Where the entry's evaluation yields to the browser again (`web/pwa/vite-plugin-evaluation-breaks.ts`):
 * imported by `main.tsx` after React DOM, so the router and the app's shell are evaluated in a task
 * after React DOM's. Empty here: the build puts the await in.
 */
export {};

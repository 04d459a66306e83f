/**
 * Where the entry's evaluation yields to the browser (`web/pwa/vite-plugin-evaluation-breaks.ts`):
 * imported by `main.tsx` between React and React DOM, so the stores, React and this are evaluated
 * in the first task and React DOM (the largest part of the entry) in a task of its own. Empty here:
 * the build puts the await in.
 */
export {};

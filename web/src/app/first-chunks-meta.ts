/**
 * The `<meta>` of index.html in which the build lists each first page's chunk files
 * (web/pwa/vite-plugin-first-chunks.ts) for start-up to link (app/first-chunks.ts).
 */
export const FIRST_CHUNKS_META = 'neura-first-chunks';

// The contract's message schema behind a dynamic import of this module (see messages-parser.ts): a
// module of the app, not `import('@neura/contract')`, which would make the whole contract a chunk
// graph of its own and reshuffle the first route's chunks.
export { messagesResponseSchema } from '@neura/contract';

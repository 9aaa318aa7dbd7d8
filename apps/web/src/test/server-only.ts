// vitest stand-in for Next's `server-only` guard (vitest.config.ts): the specs run on node.
export {};

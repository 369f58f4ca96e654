// Types of start.mjs for the TypeScript that imports it (the benchmark).
export const MALLOC_ARENAS: string;
export const API_NODE_FLAGS: readonly string[];
export function webBuildIsStale(): boolean;
export function buildWeb(): void;

// Types of build-api.mjs for the TypeScript that imports it (the benchmark).
export const API_ENTRY: string;
export function apiBuildIsStale(): boolean;
export function buildApi(outdir?: string): Promise<string>;

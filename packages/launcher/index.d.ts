// Types for index.js, for the TypeScript that imports it (the CLI's worker threads, the benchmarks).

export interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}

export function loadEsbuild(): Esbuild;

export const NODE_BUNDLE: Readonly<Record<string, unknown>>;

export function runBundled(options: { packageDir: URL; entries: readonly string[]; entry: string }): Promise<unknown>;

export function workerEntry(entry: string, binUrl: URL): URL;

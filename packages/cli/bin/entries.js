// Every entry point of the CLI, bundled together so they share chunks.
export const CLI_ENTRIES = { packageDir: new URL("../", import.meta.url), entries: ["main.ts"] };

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    // Real processes and servers on a 2-core machine: generous per-test limits,
    // speed is measured by `pnpm bench`, never asserted here.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

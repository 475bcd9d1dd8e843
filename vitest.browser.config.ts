import { defineConfig } from "vitest/config";
import { BROWSER_TESTS } from "./vitest.config.ts";

/**
 * `pnpm test:browser`: the tests that drive a real browser (VS Code in
 * code-server, docs/editors.md). They install what they need and take minutes,
 * so CI runs them once, in a step of their own, not in both Node passes of
 * `pnpm test`.
 */
export default defineConfig({
  test: {
    include: [BROWSER_TESTS],
    testTimeout: 120_000,
    hookTimeout: 900_000,
    // One browser session per file: the steps of a file run in order on the same page.
    fileParallelism: false,
  },
});

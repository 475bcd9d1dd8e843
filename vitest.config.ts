import { configDefaults, defineConfig } from "vitest/config";

/** Checks the .vsix and drives its bundled server; needs the package built, see the `vsix` project. */
const VSIX_TEST = "packages/vscode-extension/test/vsix.test.ts";
/** Tests in a real browser run once, in CI's step of their own: vitest.browser.config.ts. */
export const BROWSER_TESTS = "packages/*/test/**/*.browser.test.ts";

export default defineConfig({
  test: {
    // Real processes and servers on a 2-core machine: generous per-test limits,
    // speed is measured by `pnpm bench`, never asserted here.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          // Everything, the language server started from the sources (node_modules/.bin/hdlp-language-server).
          name: "sources",
          include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, VSIX_TEST, BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          // The language server's whole end-to-end suite again, against the server bundled in the .vsix
          // (issue 6), which the global setup builds once per run and unpacks where no node_modules is.
          // The suite's in-process unit tests (packages/lsp/src/**) concern the sources only and stay above.
          name: "vsix",
          include: ["packages/lsp/test/**/*.test.ts", VSIX_TEST],
          globalSetup: ["packages/vscode-extension/test/vsix-global-setup.ts"],
          setupFiles: ["packages/vscode-extension/test/vsix-server-env.ts"],
        },
      },
    ],
  },
});

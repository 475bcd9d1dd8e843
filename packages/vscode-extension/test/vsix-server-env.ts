/**
 * A setupFile of vitest.config.ts's `vsix` project, run in each test worker
 * before its test file: the language-server suite's harness
 * (packages/lsp/test/harness.ts) then starts the server bundled in the .vsix
 * that vsix-global-setup.ts built and unpacked, instead of the sources'.
 */
import { join } from "node:path";
import { inject } from "vitest";

process.env.HDLP_LANGUAGE_SERVER = join(inject("vsix").unpacked, "extension/dist/server.js");
// The node_modules/.bin shims that start vitest set NODE_PATH to the workspace's packages; VS Code
// starts the bundled server without it, and so must we, or a module missing from the bundle would be found.
// (The shims of `hdlp` and of the sources' server set it again for themselves.)
delete process.env.NODE_PATH;

/**
 * The globalSetup of every project in vitest.config.ts: builds the commands
 * once per test run (`pnpm build`), because the end-to-end tests run them as
 * users do, through node_modules/.bin, which runs the bundles in dist/. A test
 * never meets a bundle older than the sources; a build error fails the run
 * before any test starts.
 */
import { buildCommands } from "@hdlp/build";

export default async function setup(): Promise<void> {
  await buildCommands();
}

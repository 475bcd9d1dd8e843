import manifest from "../package.json" with { type: "json" };

/** The CLI's version, from its package.json. */
export function cliVersion(): string {
  return manifest.version;
}

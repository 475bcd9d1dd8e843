/**
 * The environment a tool's process starts with: what a program needs to find
 * its binaries, its home, its locale and a temp folder, and nothing else. The
 * runtime's own settings and secrets (`HDLP_*`: tokens, endpoints) and
 * whatever else the host happens to carry never reach a tool.
 */
const PASSED_THROUGH = ["PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM"] as const;
const LOCALE = /^LC_[A-Z]+$/;
const FALLBACK_PATH = "/usr/local/bin:/usr/bin:/bin";

/** Whether a variable of hdlp's environment reaches every tool: such a variable can neither hold a tool's secret nor be replaced by one. */
export function reachesEveryTool(name: string): boolean {
  return !name.startsWith("HDLP_") && ((PASSED_THROUGH as readonly string[]).includes(name) || LOCALE.test(name));
}

export function childEnvironment(host: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  // Names first, values only for those passed: reading process.env values is the costly part.
  for (const name of Object.keys(host)) {
    if (!reachesEveryTool(name)) continue;
    const value = host[name];
    if (value !== undefined) env[name] = value;
  }
  env["PATH"] ??= FALLBACK_PATH;
  return env;
}

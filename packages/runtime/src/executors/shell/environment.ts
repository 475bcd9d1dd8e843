/**
 * The environment a tool's process starts with: what a program needs to find
 * its binaries, its home, its locale and a temp folder, and nothing else. The
 * runtime's own settings and secrets (`HDLP_*`: tokens, endpoints) and
 * whatever else the host happens to carry never reach a tool.
 */
const PASSED_THROUGH = ["PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM"] as const;
const LOCALE = /^LC_[A-Z]+$/;
const FALLBACK_PATH = "/usr/local/bin:/usr/bin:/bin";

export function childEnvironment(host: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  // Names first, values only for those passed: reading process.env values is the costly part.
  for (const name of Object.keys(host)) {
    if (name.startsWith("HDLP_") || !((PASSED_THROUGH as readonly string[]).includes(name) || LOCALE.test(name))) continue;
    const value = host[name];
    if (value !== undefined) env[name] = value;
  }
  env["PATH"] ??= FALLBACK_PATH;
  return env;
}

/**
 * The environment a tool's process starts with: what a program needs to find
 * its binaries, its home, its locale and a temp folder, and nothing else. The
 * runtime's own settings and secrets (`HDLP_*`: tokens, endpoints) and
 * whatever else the host happens to carry never reach a tool.
 *
 * The locale variables are names a host may reuse for anything (`LC_SECRET`),
 * so they pass only as the categories glibc and POSIX define, and only when
 * their value is a locale name.
 */
const PASSED_THROUGH = ["PATH", "HOME", "USER", "LOGNAME", "SHELL", "TZ", "TMPDIR", "TERM"] as const;
const LOCALE_CATEGORIES = [
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "LC_NUMERIC",
  "LC_TIME",
  "LC_COLLATE",
  "LC_MONETARY",
  "LC_MESSAGES",
  "LC_PAPER",
  "LC_NAME",
  "LC_ADDRESS",
  "LC_TELEPHONE",
  "LC_MEASUREMENT",
  "LC_IDENTIFICATION",
] as const;
/** `C`, `POSIX`, or `language[_territory][.codeset][@modifier]` (`zh_CN.UTF-8`, `es_419`, `de_DE@euro`). */
const LOCALE_NAME = /^(?:C|POSIX|[a-z]{2,3}(?:_[A-Z]{2}|_\d{3})?)(?:\.[A-Za-z0-9_-]{1,20})?(?:@[A-Za-z0-9]{1,20})?$/;
const FALLBACK_PATH = "/usr/local/bin:/usr/bin:/bin";

/** Whether a variable of hdlp's environment reaches every tool: such a variable can neither hold a tool's secret nor be replaced by one. */
export function reachesEveryTool(name: string): boolean {
  return (
    !name.startsWith("HDLP_") &&
    ((PASSED_THROUGH as readonly string[]).includes(name) || (LOCALE_CATEGORIES as readonly string[]).includes(name) || name === "LANGUAGE")
  );
}

export function childEnvironment(host: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  // Names first, values only for those passed: reading process.env values is the costly part.
  for (const name of Object.keys(host)) {
    if (!reachesEveryTool(name)) continue;
    const value = host[name];
    if (value !== undefined && valueFits(name, value)) env[name] = value;
  }
  env["PATH"] ??= FALLBACK_PATH;
  return env;
}

function valueFits(name: string, value: string): boolean {
  // LANGUAGE is GNU gettext's list of preferences: locale names separated by colons.
  if (name === "LANGUAGE") return value.split(":").every((locale) => LOCALE_NAME.test(locale));
  return !(LOCALE_CATEGORIES as readonly string[]).includes(name) || LOCALE_NAME.test(value);
}

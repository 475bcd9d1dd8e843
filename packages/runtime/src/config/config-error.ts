/** A configuration that cannot be used as written: the message names the file (or variable) and the key. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * The server's settings, under the `hdlp` section (workspace/configuration,
 * didChangeConfiguration, or initializationOptions).
 */
export interface Settings {
  /**
   * The folder holding `<name>/TOOL.hdlp`, absolute or relative to the first
   * workspace folder. Absent: `tools/` in each workspace folder, or the
   * workspace folder itself when it is a tools folder.
   */
  readonly toolsRoot: string | undefined;
}

/** Reads what the client sent, keeping `previous` for anything it leaves out. */
export function readSettings(raw: unknown, previous: Settings = { toolsRoot: undefined }): Settings {
  if (typeof raw !== "object" || raw === null) return previous;
  const section = "hdlp" in raw && typeof raw.hdlp === "object" && raw.hdlp !== null ? raw.hdlp : raw;
  const toolsRoot = "toolsRoot" in section ? section.toolsRoot : previous.toolsRoot;
  return { toolsRoot: typeof toolsRoot === "string" && toolsRoot.trim() !== "" ? toolsRoot : undefined };
}

/**
 * The workspace's tools folders (`tools/<name>/TOOL.hdlp`), kept current, for
 * the cross-file rules: two tools with the same name, a folder named unlike
 * its tool, and the matcher's intent-collision (an open tool the intent
 * matcher cannot tell from another; checked by ./collision-check.ts, off the
 * edit path). Open documents count with their editor text, the others with
 * their text on disk.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MATCH_RULES } from "@hdlp/match";
import { type Diagnostic, type FileLint, type ParseResult, TOOL_FILE_NAME, combineLints, lintFile, MAX_TOOL_FILE_BYTES, summarizeFile } from "@hdlp/parser";
import { pathOf } from "./uri.ts";

export interface ToolFile {
  readonly uri: string;
  readonly path: string;
  readonly text: string;
}

export interface WorkspaceHooks {
  /** The documents open in the editor, with their editor text. */
  readonly openDocuments: () => Iterable<{ readonly uri: string; readonly text: string }>;
  readonly log: (message: string) => void;
}

export class ToolsWorkspace {
  readonly #hooks: WorkspaceHooks;
  #roots: string[] = [];
  /** Where `hdlp lint` would run: paths in messages are relative to it, as on the command line. */
  #base: string = process.cwd();
  /**
   * Each tool's own lint, by path, with what it was made from: `lintFile`
   * for an open document (its parse), `summarizeFile` for a tool read from
   * disk (its text), whose own findings nobody sees. A change re-lints its
   * own file only, and `combineLints` adds the rules across files (cheap:
   * they read one summary per file).
   */
  #linted = new Map<string, { source: string | ParseResult; lint: FileLint }>();
  /** Disk text of every tool file under the roots, by path (uris differ in encoding between clients). */
  #disk = new Map<string, ToolFile>();
  #watchers: FSWatcher[] = [];
  #onDiskChange: (() => void) | undefined;
  #pendingNotice: NodeJS.Timeout | undefined;
  #revision = 0;

  constructor(hooks: WorkspaceHooks) {
    this.#hooks = hooks;
  }

  get roots(): readonly string[] {
    return this.#roots;
  }

  /** Goes up whenever the tools folders or a tool on disk change (not an open document's text: its version says that). */
  get revision(): number {
    return this.#revision;
  }

  /** Chooses the tools folders from the `hdlp.toolsRoot` setting and the workspace folders, and reads them. */
  setRoots(toolsRoot: string | undefined, workspaceFolders: readonly string[]): void {
    const folders = workspaceFolders.flatMap((uri) => (uri.startsWith("file:") ? [fileURLToPath(uri)] : []));
    this.#base = folders[0] ?? process.cwd();
    if (toolsRoot !== undefined) {
      this.#roots = [isAbsolute(toolsRoot) ? toolsRoot : resolve(folders[0] ?? process.cwd(), toolsRoot)];
    } else {
      this.#roots = folders.map((folder) => (isDirectory(join(folder, "tools")) ? join(folder, "tools") : folder));
    }
    // Watch before reading: a file written in between is then both read and
    // reported, never missed.
    this.#rewatch();
    this.#rescan();
  }

  /** The file at `uri` changed, appeared or went away (on disk, or its editor closed). */
  fileChanged(uri: string): void {
    const path = pathOf(uri);
    if (path === undefined) return;
    if (!this.#isToolFile(path)) {
      // A folder was added or removed: read the roots again.
      if (this.#roots.some((root) => path === root || path.startsWith(root + sep))) this.#rescan();
      return;
    }
    const text = readText(path, this.#hooks.log);
    if (text === undefined) this.#disk.delete(path);
    else this.#disk.set(path, { uri: pathToFileURL(path).href, path, text });
    this.#revision++;
  }

  /** Whether the cross-file rules apply to `uri`: a `<root>/<folder>/TOOL.hdlp`. */
  includes(uri: string): boolean {
    const path = pathOf(uri);
    return path !== undefined && this.#isToolFile(path);
  }

  /** Every tool file under the roots; open documents (saved or not) with their editor text and uri. */
  files(): ToolFile[] {
    const files = new Map(this.#disk);
    for (const { uri, text } of this.#hooks.openDocuments()) {
      const path = pathOf(uri);
      if (path !== undefined && this.#isToolFile(path)) files.set(path, { uri, path, text });
    }
    return [...files.values()];
  }

  /**
   * `hdlp lint` over the tools folders, for the given open tool documents:
   * each one's diagnostics, its own and the cross-file ones, by uri. The
   * other tools count with their editor or disk text. `collisions`, the
   * intent-collision findings by display path, when they are known for the
   * folder as it is; without them, a suppression naming the rule is not
   * judged.
   */
  lintTools(open: ReadonlyMap<string, ParseResult>, collisions?: ReadonlyMap<string, readonly Diagnostic[]>): Map<string, Diagnostic[]> {
    const files = this.files();
    const byPath = new Map<string, string>();
    for (const uri of open.keys()) {
      const path = pathOf(uri);
      if (path !== undefined) byPath.set(path, uri);
    }
    const linted = combineLints(
      files.map((file) => {
        const uri = byPath.get(file.path);
        return this.#lintFile(file, uri !== undefined ? open.get(uri)! : file.text);
      }),
      { rules: MATCH_RULES, ...(collisions !== undefined && { findings: collisions }) },
    );
    const result = new Map<string, Diagnostic[]>();
    files.forEach((file, index) => {
      const uri = byPath.get(file.path);
      if (uri !== undefined) result.set(uri, linted[index]!.diagnostics);
    });
    return result;
  }

  /** A file's path as `hdlp lint` run from the workspace would print it (and as diagnostics about it are keyed). */
  displayPath(path: string): string {
    return relative(this.#base, path) || path;
  }

  /** The file's own lint from its parse (an open document's version), or only its summary from its text; cached while that is unchanged. */
  #lintFile(file: ToolFile, source: string | ParseResult): FileLint {
    const cached = this.#linted.get(file.path);
    if (cached && cached.source === source) return cached.lint;
    const path = this.displayPath(file.path);
    const lint = typeof source === "string" ? summarizeFile({ path, text: source }) : lintFile({ path, document: source });
    this.#linted.set(file.path, { source, lint });
    return lint;
  }

  /**
   * Watches the roots on disk, for clients that send no file events, and
   * calls `onChange` after each burst of changes. Each root and each tool
   * folder gets its own non-recursive watcher: a workspace folder that is
   * its own tools folder may hold far more than tools (node_modules …).
   */
  watch(onChange: () => void): void {
    this.#onDiskChange = onChange;
    this.#rewatch();
  }

  dispose(): void {
    this.#onDiskChange = undefined;
    this.#unwatch();
  }

  #rewatch(): void {
    this.#unwatch();
    if (!this.#onDiskChange) return;
    for (const root of this.#roots) {
      // A folder added or removed: read the root again, watch the new set.
      this.#watchFolder(root, () => {
        this.#rewatch();
        this.#rescan();
      });
      for (const folder of subfolders(root)) {
        const path = join(root, folder, TOOL_FILE_NAME);
        this.#watchFolder(join(root, folder), (name) => {
          if (name === TOOL_FILE_NAME) this.fileChanged(pathToFileURL(path).href);
        });
      }
    }
  }

  #watchFolder(folder: string, changed: (name: string | null) => void): void {
    try {
      const watcher = watch(folder, (_event, name) => {
        changed(name === null ? null : name.toString());
        clearTimeout(this.#pendingNotice);
        this.#pendingNotice = setTimeout(() => this.#onDiskChange?.(), 50);
      });
      watcher.on("error", (error) => this.#hooks.log(`hdlp: watching ${folder} stopped: ${error.message}`));
      this.#watchers.push(watcher);
    } catch (error) {
      this.#hooks.log(`hdlp: cannot watch ${folder}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #unwatch(): void {
    for (const watcher of this.#watchers) watcher.close();
    this.#watchers = [];
  }

  #isToolFile(path: string): boolean {
    return basename(path) === TOOL_FILE_NAME && this.#roots.includes(dirname(dirname(path)));
  }

  #rescan(): void {
    this.#disk = new Map();
    this.#linted = new Map();
    this.#revision++;
    for (const root of this.#roots) {
      if (!isDirectory(root)) {
        this.#hooks.log(`hdlp: the tools folder ${root} does not exist`);
        continue;
      }
      for (const folder of subfolders(root)) {
        const path = join(root, folder, TOOL_FILE_NAME);
        const text = readText(path, this.#hooks.log);
        if (text !== undefined) this.#disk.set(path, { uri: pathToFileURL(path).href, path, text });
      }
    }
  }
}

function subfolders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A tool file's text, when it is a regular file the parser reads. It is opened
 * without waiting (a FIFO would wait for a writer, and the server with it) and
 * what was opened is checked; anything else is logged, and a missing file is
 * no tool.
 */
function readText(path: string, log: (message: string) => void): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") log(`hdlp: ${path} is not read: ${(error as Error).message}`);
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) log(`hdlp: ${path} is not read: it is not a regular file.`);
    else if (info.size > MAX_TOOL_FILE_BYTES)
      log(`hdlp: ${path} is not read: it is larger than ${MAX_TOOL_FILE_BYTES} bytes (1 MiB), the most a TOOL.hdlp may have.`);
    else return readFileSync(fd, "utf8");
    return undefined;
  } catch (error) {
    log(`hdlp: ${path} is not read: ${(error as Error).message}`);
    return undefined;
  } finally {
    closeSync(fd);
  }
}

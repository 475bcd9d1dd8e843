/**
 * From files and what each means to the registry: a file whose lint has no
 * error is registered under its name, unless another file claims the same
 * name (then neither is: a call's meaning must not depend on folder order);
 * every other file is listed as invalid with its reasons. A local scan
 * (scanner.ts) and a scan of a repository (forgejo/scanner.ts) both end here.
 */
import type { Diagnostic, ToolModel } from "@hdlp/parser";
import type { CacheEntry } from "./cache.ts";
import { type InvalidTool, registryDiagnostic, type RegisteredTool } from "./tool-index.ts";

export interface LoadedFile {
  /** As shown: a path on disk, or `forgejo:…/<folder>/TOOL.hdlp`. */
  readonly path: string;
  readonly folder: string;
  readonly entry: CacheEntry;
  /** The model a call runs, read again from the tool's source (RegisteredTool.load). */
  readonly load?: () => ToolModel;
}

/** A folder whose link leads outside the root: reported, never loaded. */
export interface EscapedFolder {
  readonly path: string;
  readonly folder: string;
  /** Where the link leads. */
  readonly target: string;
}

/** `unread`: files listed as invalid before anything was read (not a regular file, over the size limit …). */
export function registerFiles(
  loaded: readonly LoadedFile[],
  escaped: readonly EscapedFolder[],
  unread: readonly InvalidTool[] = [],
): { tools: RegisteredTool[]; invalid: InvalidTool[] } {
  const invalid: InvalidTool[] = [...unread];
  invalid.push(
    ...escaped.map((e) => ({
      path: e.path,
      folder: e.folder,
      diagnostics: [registryDiagnostic("path-escapes-root", `${e.folder} links to ${e.target}, outside the tools root; it is not loaded.`)],
    })),
  );
  const tools: RegisteredTool[] = [];
  const claimants = new Map<string, LoadedFile[]>();
  for (const file of loaded) {
    if (file.entry.name === undefined) invalid.push(invalidTool(file));
    else claimants.set(file.entry.name, [...(claimants.get(file.entry.name) ?? []), file]);
  }
  for (const [name, claims] of claimants) {
    if (claims.length === 1) {
      tools.push(registeredTool(name, claims[0]!));
      continue;
    }
    const folders = claims.map((c) => c.folder).join(", ");
    const clash = registryDiagnostic("duplicate-name", `The name \`${name}\` is declared by several tools (${folders}); none of them is registered.`);
    for (const file of claims) invalid.push(invalidTool(file, clash));
  }
  return { tools, invalid };
}

/** The model and diagnostics are read from the index only when first used. */
function registeredTool(name: string, file: LoadedFile): RegisteredTool {
  const { entry } = file;
  return {
    name,
    path: file.path,
    hash: entry.hash,
    get model() {
      return entry.meaning.get().model!;
    },
    get diagnostics() {
      return entry.meaning.get().diagnostics;
    },
    ...(file.load ? { load: file.load } : {}),
  };
}

function invalidTool(file: LoadedFile, reason?: Diagnostic): InvalidTool {
  const { entry } = file;
  return {
    path: file.path,
    folder: file.folder,
    hash: entry.hash,
    get diagnostics() {
      const own = entry.meaning.get().diagnostics;
      return reason ? [reason, ...own] : own;
    },
  };
}

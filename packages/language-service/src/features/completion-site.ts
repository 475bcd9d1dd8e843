/**
 * Where the cursor is, in the terms completion uses: typing a key (of which
 * map, which keys it already has), typing a value (of which field), or in an
 * empty file. `cursorAt` (../cursor.ts) reads half-typed text; this only adds
 * what completion needs on top.
 */
import type { Range } from "vscode-languageserver-types";
import type { Range as HdlpRange } from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { cursorAt } from "../cursor.ts";
import { toLspRange } from "../convert.ts";

export type CompletionSite =
  /** Nothing but blank lines and comments: room for a whole tool. */
  | { readonly kind: "empty"; readonly replace: Range }
  /** Typing a key of the map at `parent` (`[]` top level, `["constraints"]`, `["params_schema", "cmd"]`). */
  | { readonly kind: "key"; readonly parent: readonly string[]; readonly present: ReadonlySet<string>; readonly replace: Range }
  /** Typing the value of the key at `path`; `space` when the colon still needs one after it. */
  | { readonly kind: "value"; readonly path: readonly string[]; readonly replace: Range; readonly space: boolean }
  | { readonly kind: "none" };

export function completionSite(analysis: Analysis, offset: number): CompletionSite {
  const { document, text } = analysis;
  const { context } = cursorAt(document, offset);
  if (context.kind !== "key" && context.kind !== "value") return { kind: "none" };
  // List items (numeric path steps) hold nothing the catalogue completes.
  if (context.path.some((step) => typeof step !== "string")) return { kind: "none" };
  const path = context.path as readonly string[];
  const replace = toLspRange(context.replace);
  if (context.kind === "value") return { kind: "value", path, replace, space: text[context.replace.start.offset - 1] === ":" };
  if (path.length === 0 && document.root.entries.every((entry) => entry === context.entry) && isBlankOrComments(text, context.replace)) {
    return { kind: "empty", replace };
  }
  const present = new Set((context.map?.entries ?? []).filter((entry) => entry !== context.entry).map((entry) => entry.key.text));
  return { kind: "key", parent: path, present, replace };
}

/** True when the text holds nothing but the word being typed, blank lines and comments. */
function isBlankOrComments(text: string, typed: HdlpRange): boolean {
  const rest = text.slice(0, typed.start.offset) + text.slice(typed.end.offset);
  return rest.split(/\r\n|\n|\r/).every((line) => /^[\uFEFF\s]*(#.*)?$/.test(line));
}

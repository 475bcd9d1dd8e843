/**
 * One analysis (parse, then lint on demand) per document: every feature of
 * the editor and every panel reads the same one, as the language server's
 * features do.
 */
import type { EditorState, Text } from "@codemirror/state";
import { analyse, type Analysis } from "@hdlp/language-service";

/** The document's URI for the language service, which names the file in its edits. */
export const DOCUMENT_URI = "file:///playground/TOOL.hdlp";

const analyses = new WeakMap<Text, Analysis>();

export function analysisOf(state: EditorState): Analysis {
  let analysis = analyses.get(state.doc);
  if (!analysis) {
    analysis = analyse(state.doc.toString());
    analyses.set(state.doc, analysis);
  }
  return analysis;
}

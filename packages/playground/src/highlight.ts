/**
 * Colours from the language service's semantic tokens, as the language server
 * gives VS Code: a value is coloured by the field it belongs to (the
 * catalogue says what `executor` or `timeout_ms` hold), never by its look.
 */
import { RangeSetBuilder } from "@codemirror/state";
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { semanticTokens, semanticTokensLegend } from "@hdlp/language-service";
import { analysisOf } from "./analysis.ts";

const marks = semanticTokensLegend.tokenTypes.map((type) => Decoration.mark({ class: `tok-${type}` }));

function decorations(view: EditorView): DecorationSet {
  const doc = view.state.doc;
  const { data } = semanticTokens(analysisOf(view.state));
  const builder = new RangeSetBuilder<Decoration>();
  // LSP's encoding: five numbers a token, line and start relative to the token before.
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    line += deltaLine;
    character = deltaLine === 0 ? character + deltaStart : deltaStart;
    const from = doc.line(line + 1).from + character;
    builder.add(from, from + length, marks[type]!);
  }
  return builder.finish();
}

export const semanticHighlighting = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorations(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = decorations(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

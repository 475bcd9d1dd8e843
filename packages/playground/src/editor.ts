/** The CodeMirror editor with the language service's features (see each module). */
import { closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, foldGutter, foldKeymap, indentUnit } from "@codemirror/language";
import { lintGutter, lintKeymap } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { EditorState } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from "@codemirror/view";
import { formatCommand } from "./commands.ts";
import { completion } from "./completion.ts";
import { diagnostics } from "./diagnostics.ts";
import { folding } from "./folding.ts";
import { hoverDocs } from "./hover.ts";
import { semanticHighlighting } from "./highlight.ts";

export function createEditor(parent: HTMLElement, text: string, onChange: (view: EditorView) => void): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        foldGutter(),
        drawSelection(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        bracketMatching(),
        closeBrackets(),
        // TOOL.hdlp's style: two spaces a level (docs/spec.md).
        EditorState.tabSize.of(2),
        indentUnit.of("  "),
        keymap.of([
          {
            key: "Shift-Alt-f",
            run: (view) => {
              formatCommand(view);
              return true;
            },
          },
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...searchKeymap,
          ...historyKeymap,
          ...foldKeymap,
          ...completionKeymap,
          ...lintKeymap,
          indentWithTab,
        ]),
        semanticHighlighting,
        diagnostics,
        lintGutter(),
        completion,
        hoverDocs,
        folding,
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.view);
        }),
      ],
    }),
  });
}

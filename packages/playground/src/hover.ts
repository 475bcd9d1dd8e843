/** Hover: the language service's docs (中文 and English) for the field, key or value under the pointer. */
import { hoverTooltip } from "@codemirror/view";
import { hover } from "@hdlp/language-service";
import type { MarkupContent } from "vscode-languageserver-types";
import { analysisOf } from "./analysis.ts";
import { renderMarkdown } from "./markdown.ts";
import { offsetOf, positionOf } from "./positions.ts";

export const hoverDocs = hoverTooltip((view, pos) => {
  const doc = view.state.doc;
  const result = hover(analysisOf(view.state), positionOf(doc, pos));
  if (!result) return null;
  const markdown = (result.contents as MarkupContent).value;
  return {
    pos: result.range ? offsetOf(doc, result.range.start) : pos,
    end: result.range ? offsetOf(doc, result.range.end) : pos,
    above: true,
    create: () => ({ dom: renderMarkdown(markdown) }),
  };
});

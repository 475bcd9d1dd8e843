/**
 * The Markdown of hovers and completion docs, as DOM: paragraphs, fenced code
 * blocks, `code` and **bold** (all the language service writes). Text goes in
 * as text nodes, never as HTML, so nothing in a document can inject markup.
 */
export function renderMarkdown(markdown: string): HTMLElement {
  const root = document.createElement("div");
  root.className = "markdown";
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      const pre = document.createElement("pre");
      pre.textContent = code.join("\n");
      root.append(pre);
    } else if (line.trim() !== "") {
      const paragraph: string[] = [line];
      while (i + 1 < lines.length && lines[i + 1]!.trim() !== "" && !lines[i + 1]!.startsWith("```")) paragraph.push(lines[++i]!);
      const p = document.createElement("p");
      p.append(...renderInline(paragraph.join(" ")));
      root.append(p);
    }
  }
  return root;
}

/** `code` spans and **bold** runs within a line (a paragraph, a diagnostic's message). */
export function renderInline(text: string): Node[] {
  const nodes: Node[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) nodes.push(document.createTextNode(text.slice(at, match.index)));
    const element = document.createElement(match[1] !== undefined ? "code" : "strong");
    element.textContent = match[1] ?? match[2]!;
    nodes.push(element);
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

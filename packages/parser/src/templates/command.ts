/**
 * `command: git log --oneline -n {count} [--since {since}]`: the argv template
 * of a shell (or gatekeeper `exec`) tool, split into arguments once, when the
 * file is read, so a value can never add or split an argument at run time.
 *
 * Syntax, as sh users expect it where it matters and no further:
 *   - arguments are separated by spaces;
 *   - `'…'` quotes literally; `"…"` quotes too, with `\"` and `\\`, and may hold placeholders;
 *   - `{param}` is replaced by the param's value inside its own argument;
 *     `{}` is a literal `{}` (as `find -exec` wants), `{{` and `}}` are literal braces;
 *   - `[` opening an argument and `]` closing one delimit an optional group, dropped
 *     whole when one of its params is absent; groups do not nest. Outside a group `]`
 *     is literal; quote a `[` that opens an argument (`'['`) to pass it literally.
 */
import { Ahead } from "./ahead.ts";
import type { CommandTemplate, Literal, Placeholder, TemplateArg, TemplateGroup } from "./template.ts";
import { type Locate, locateInSource, PLACEHOLDER_NAME, span, type TemplateProblem } from "./locate.ts";

export interface CommandParse {
  readonly template: CommandTemplate;
  readonly problems: readonly TemplateProblem[];
}

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** A character `readArgument` looks at on its own: a space, a quote, a brace, or a `]` that may close a group. */
const endsPlainRun = (c: string) => isSpace(c) || c === "'" || c === '"' || c === "{" || c === "}" || c === "]";

export function parseCommandTemplate(source: string, locate: Locate = locateInSource): CommandParse {
  const problems: TemplateProblem[] = [];
  const items: (TemplateArg | TemplateGroup)[] = [];
  let group: { args: TemplateArg[]; start: number } | undefined;
  let i = 0;
  const ahead = { close: new Ahead(source, /\}/g), space: new Ahead(source, /\s/g) };

  const closeGroup = (end: number) => {
    if (!group) return;
    if (group.args.length === 0) problems.push({ message: "The optional group `[]` is empty.", range: span(locate, group.start, end) });
    else items.push({ kind: "group", args: group.args, range: span(locate, group.start, end) });
    group = undefined;
  };

  while (i < source.length) {
    if (isSpace(source[i])) {
      i++;
      continue;
    }
    if (source[i] === "[") {
      if (group) problems.push({ message: "Optional groups do not nest: close the open group with `]` first.", range: span(locate, i, i + 1) });
      else group = { args: [], start: i };
      i++;
      continue;
    }
    if (group && source[i] === "]" && (i + 1 === source.length || isSpace(source[i + 1]))) {
      closeGroup(i + 1);
      i++;
      continue;
    }
    const word = readArgument(source, i, locate, problems, group !== undefined, ahead);
    i = word.end;
    if (word.arg) (group ? group.args : items).push(word.arg);
    if (word.closesGroup) closeGroup(i);
  }
  if (group) {
    problems.push({ message: "The optional group opened here is never closed with `]`.", range: span(locate, group.start, group.start + 1) });
    closeGroup(source.length);
  }
  return { template: { source, items }, problems };
}

interface ArgumentRead {
  readonly arg?: TemplateArg;
  readonly end: number;
  /** The argument ended with an unquoted `]`. */
  readonly closesGroup: boolean;
}

/** Where the next `}` and the next white space are (see ./ahead.ts). */
interface Lookahead {
  readonly close: Ahead;
  readonly space: Ahead;
}

function readArgument(source: string, start: number, locate: Locate, problems: TemplateProblem[], inGroup: boolean, ahead: Lookahead): ArgumentRead {
  const parts: (Literal | Placeholder)[] = [];
  let literal = "";
  const flush = () => {
    if (literal) parts.push({ kind: "literal", text: literal });
    literal = "";
  };
  let i = start;
  let closesGroup = false;
  let quoted = false;

  const readBrace = (inQuotes: boolean): void => {
    // At `{` or `}`: a placeholder, an escaped brace or a literal `{}`.
    const c = source[i]!;
    if (c === "}") {
      literal += "}";
      i += source[i + 1] === "}" ? 2 : 1;
      return;
    }
    if (source[i + 1] === "{") {
      literal += "{";
      i += 2;
      return;
    }
    if (source[i + 1] === "}") {
      literal += "{}";
      i += 2;
      return;
    }
    let close = ahead.close.from(i + 1);
    const space = inQuotes || close < 0 ? -1 : ahead.space.from(i + 1);
    if (space >= 0 && space < close) close = -1; // an unquoted argument ends at a space
    const name = close < 0 ? "" : source.slice(i + 1, close);
    if (close < 0 || !PLACEHOLDER_NAME.test(name)) {
      const end = close < 0 ? source.length : close + 1;
      const bad = close < 0 ? Math.min(source.length, i + 1) : end;
      problems.push({
        message:
          close < 0
            ? "`{` opens a placeholder that is never closed with `}`; write `{{` for a literal brace."
            : `\`{${name}}\` is not a placeholder: a param name is letters, digits, \`_\` and \`-\`.`,
        range: span(locate, i, bad),
      });
      literal += close < 0 ? "{" : source.slice(i, end);
      i = close < 0 ? i + 1 : end;
      return;
    }
    flush();
    parts.push({ kind: "placeholder", param: name, range: span(locate, i, close + 1) });
    i = close + 1;
  };

  while (i < source.length && !isSpace(source[i])) {
    const c = source[i]!;
    if (c === "'") {
      quoted = true;
      const close = source.indexOf("'", i + 1);
      if (close < 0) {
        problems.push({ message: "This `'` is never closed.", range: span(locate, i, i + 1) });
        literal += source.slice(i + 1);
        i = source.length;
      } else {
        literal += source.slice(i + 1, close);
        i = close + 1;
      }
    } else if (c === '"') {
      quoted = true;
      const open = i;
      i++;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === "\\" && (source[i + 1] === '"' || source[i + 1] === "\\")) {
          literal += source[i + 1];
          i += 2;
        } else if (source[i] === "{" || source[i] === "}") readBrace(true);
        else literal += source[i++];
      }
      if (i >= source.length) problems.push({ message: 'This `"` is never closed.', range: span(locate, open, open + 1) });
      else i++;
    } else if (c === "{" || c === "}") {
      readBrace(false);
    } else if (inGroup && c === "]" && (i + 1 === source.length || isSpace(source[i + 1]))) {
      closesGroup = true;
      i++;
    } else {
      // A run of plain characters in one piece, not one concatenation per character.
      let runEnd = i + 1;
      while (runEnd < source.length && !endsPlainRun(source[runEnd]!)) runEnd++;
      literal += source.slice(i, runEnd);
      i = runEnd;
    }
  }
  flush();
  if (parts.length === 0 && !quoted) return { end: i, closesGroup };
  if (parts.length === 0) parts.push({ kind: "literal", text: "" }); // `''` is an empty argument
  const end = closesGroup ? i - 1 : i;
  return { arg: { kind: "arg", parts, range: span(locate, start, end) }, end: i, closesGroup };
}

/** Every placeholder of a template, groups included, in order. */
export function commandPlaceholders(template: CommandTemplate): Placeholder[] {
  const found: Placeholder[] = [];
  const visit = (arg: TemplateArg) => {
    for (const part of arg.parts) if (part.kind === "placeholder") found.push(part);
  };
  for (const item of template.items) {
    if (item.kind === "arg") visit(item);
    else item.args.forEach(visit);
  }
  return found;
}

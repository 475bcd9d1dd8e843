/**
 * The skeleton of a new TOOL.hdlp, declared once: the language server
 * completes it into an empty file (as a snippet, every value a placeholder),
 * the editor extension's "New Tool" command writes it as plain text, and its
 * snippets file carries it too.
 *
 * Every field comes from the catalogue, in canonical order, each with the
 * value the catalogue gives as its example (or its default), so the skeleton
 * lints clean as it stands and shows the shape of every value.
 */
import { type ExecutorName, executorSpec } from "./executors.ts";
import { CONSTRAINT_KEYS, FIELDS, PARAM_KEYS } from "./fields.ts";

export interface SkeletonOptions {
  /** The tool's name (its folder's name). */
  readonly name: string;
  /** The `created` date, YYYY-MM-DD. */
  readonly created: string;
  /** The executor the tool starts with (its method, template and param: the catalogue's `starter`); gatekeeper by default. */
  readonly executor?: ExecutorName;
}

/** One value of the skeleton that the author is expected to change. */
export interface SkeletonSlot {
  /** 1, 2, 3 … in the order the values appear: a snippet's tab stops. */
  readonly index: number;
  /** The field or key the value belongs to (`name`, `timeout_ms`, `type` …). */
  readonly key: string;
  readonly text: string;
}

/** The seed's own example runs through a gatekeeper. */
const DEFAULT_EXECUTOR: ExecutorName = "gatekeeper";

/**
 * The skeleton's text. `slot` renders each value: as it is by default, or as
 * a snippet placeholder with `snippetPlaceholder`.
 */
export function toolSkeleton(options: SkeletonOptions, slot: (slot: SkeletonSlot) => string = (s) => s.text): string {
  let index = 0;
  const value = (key: string, text: string) => slot({ index: ++index, key, text });
  const executor = options.executor ?? DEFAULT_EXECUTOR;
  const { starter } = executorSpec(executor)!;
  const paramKey: Readonly<Record<string, string>> = { type: starter.param.type, required: "true", description: JSON.stringify(starter.param.description) };
  const lines: string[] = [];
  for (const field of FIELDS) {
    if (field.type === "params") {
      const name = value("param", starter.param.name);
      const keys = PARAM_KEYS.filter((k) => k.required).map((k) => `${k.name}: ${value(k.name, paramKey[k.name] ?? k.example)}`);
      lines.push(`${field.name}:`, `  ${name}: { ${keys.join(", ")} }`);
    } else if (field.type === "constraints") {
      lines.push(`${field.name}:`, ...CONSTRAINT_KEYS.filter((k) => k.required).map((k) => `  ${k.name}: ${value(k.name, String(k.default ?? k.example))}`));
    } else if (field.name === starter.template?.field) {
      lines.push(`${field.name}: ${value(field.name, starter.template.text)}`);
    } else if (field.required) {
      const text =
        field.name === "name"
          ? options.name
          : field.type === "date"
            ? options.created
            : field.name === "executor"
              ? executor
              : field.name === "method"
                ? starter.method
                : field.example;
      lines.push(`${field.name}: ${value(field.name, text)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** `${index:text}` in the snippet syntax LSP and VS Code share, with `$`, `}` and `\` escaped. */
export function snippetPlaceholder(slot: SkeletonSlot): string {
  return `\${${slot.index}:${slot.text.replace(/[$}\\]/g, "\\$&")}}`;
}

/** A day as YYYY-MM-DD in local time: the `created` an author would write today. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

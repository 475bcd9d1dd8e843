import { describe, expect, it } from "vitest";
import type { CommandTemplate, TemplateArg } from "./template.ts";
import { commandPlaceholders, parseCommandTemplate } from "./command.ts";

/** The template as strings: `{p}` for a placeholder, `[ … ]` around a group. */
function shape(template: CommandTemplate): string[] {
  const arg = (a: TemplateArg) => a.parts.map((p) => (p.kind === "literal" ? p.text : `{${p.param}}`)).join("");
  return template.items.map((item) => (item.kind === "arg" ? arg(item) : `[ ${item.args.map(arg).join(" ")} ]`));
}

describe("parseCommandTemplate", () => {
  it("splits on spaces and keeps each placeholder inside its own argument", () => {
    const { template, problems } = parseCommandTemplate("git log --oneline -n {count} --author={who}");
    expect(problems).toEqual([]);
    expect(shape(template)).toEqual(["git", "log", "--oneline", "-n", "{count}", "--author={who}"]);
  });

  it("reads optional groups, with or without spaces inside the brackets", () => {
    const { template, problems } = parseCommandTemplate("git log [--since {since}] [ -n {count} ]");
    expect(problems).toEqual([]);
    expect(shape(template)).toEqual(["git", "log", "[ --since {since} ]", "[ -n {count} ]"]);
  });

  it("quotes literally, keeps `{}` and escaped braces, and substitutes inside double quotes", () => {
    const { template, problems } = parseCommandTemplate(`awk '{print $1}' "a b {x}" find {} {{lit}} ''`);
    expect(problems).toEqual([]);
    expect(shape(template)).toEqual(["awk", "{print $1}", "a b {x}", "find", "{}", "{lit}", ""]);
  });

  it("treats `]` outside a group as literal text", () => {
    expect(shape(parseCommandTemplate("echo a[0] ]").template)).toEqual(["echo", "a[0]", "]"]);
  });

  it("gives each placeholder its exact range in the source", () => {
    const { template } = parseCommandTemplate("ls -la {dir}");
    const [placeholder] = commandPlaceholders(template);
    expect(placeholder).toMatchObject({ param: "dir", range: { start: { character: 7 }, end: { character: 12 } } });
  });

  it.each([
    ["git log [--since {since}", "never closed with `]`"],
    ["a [b [c]]", "do not nest"],
    ["echo []", "is empty"],
    ["echo {unclosed", "never closed with `}`"],
    ["echo {two words}", "never closed"],
    ["echo {a b}", "never closed"],
    ["echo {1x!}", "is not a placeholder"],
    ["echo 'open", "never closed"],
    ['echo "open', "never closed"],
  ])("reports %j", (source, message) => {
    const { problems } = parseCommandTemplate(source);
    expect(problems.map((p) => p.message).join("\n")).toContain(message);
  });
});

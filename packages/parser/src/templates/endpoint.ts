/**
 * `endpoint: GET /modules/{id}`: the REST call of an hlpd-api tool. The verb is
 * one of GET, POST, PUT, PATCH, DELETE; the path starts with `/` and may hold
 * `{param}` placeholders, substituted percent-encoded at run time.
 */
import { HTTP_VERBS, type HttpVerb } from "../catalogue/executors.ts";
import { Ahead } from "./ahead.ts";
import type { EndpointTemplate, Placeholder } from "./template.ts";
import { type Locate, locateInSource, PLACEHOLDER_NAME, span, type TemplateProblem } from "./locate.ts";

export interface EndpointParse {
  /** Absent when the verb or the path cannot be read. */
  readonly template?: EndpointTemplate;
  readonly problems: readonly TemplateProblem[];
}

export function parseEndpointTemplate(source: string, locate: Locate = locateInSource): EndpointParse {
  const problems: TemplateProblem[] = [];
  const match = /^(\s*)(\S*)(\s*)(\S*)(\s*)(.*)$/s.exec(source)!;
  const [, lead = "", verbText = "", gap = "", path = "", trailingSpace = "", rest = ""] = match;
  const verbStart = lead.length;
  const pathStart = verbStart + verbText.length + gap.length;

  const upper = verbText.toUpperCase();
  const verbKnown = (HTTP_VERBS as readonly string[]).includes(upper);
  if (!verbKnown) {
    problems.push({
      message: verbText
        ? `\`${verbText}\` is not an HTTP verb: use one of ${HTTP_VERBS.join(", ")}.`
        : `The endpoint is empty: write a verb and a path, \`GET /modules/{id}\`.`,
      range: span(locate, verbStart, verbStart + verbText.length),
    });
  } else if (upper !== verbText) {
    problems.push({ message: `Write the verb in capitals: \`${upper}\`.`, range: span(locate, verbStart, verbStart + verbText.length), replacement: upper });
  }
  if (verbText && !path.startsWith("/")) {
    problems.push({
      message: path
        ? `The path \`${path}\` must start with \`/\`; it is relative to the API's URL.`
        : "The endpoint has no path: write one after the verb, `GET /modules/{id}`.",
      range: path ? span(locate, pathStart, pathStart + path.length) : span(locate, verbStart, verbStart + verbText.length),
    });
  }
  if (rest) {
    const restStart = pathStart + path.length + trailingSpace.length;
    problems.push({ message: "A path has no spaces: percent-encode them (`%20`).", range: span(locate, restStart, restStart + rest.trimEnd().length) });
  }

  const placeholders: Placeholder[] = [];
  const closes = new Ahead(path, /\}/g);
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === "}") {
      problems.push({ message: "`}` closes no placeholder.", range: span(locate, pathStart + i, pathStart + i + 1) });
    } else if (c === "{") {
      const close = closes.from(i + 1);
      const name = close < 0 ? "" : path.slice(i + 1, close);
      const end = close < 0 ? i + 1 : close + 1;
      if (close < 0 || !PLACEHOLDER_NAME.test(name)) {
        problems.push({
          message:
            close < 0
              ? "`{` opens a placeholder that is never closed with `}`."
              : `\`{${name}}\` is not a placeholder: a param name is letters, digits, \`_\` and \`-\`.`,
          range: span(locate, pathStart + i, pathStart + end),
        });
      } else {
        placeholders.push({ kind: "placeholder", param: name, range: span(locate, pathStart + i, pathStart + end) });
      }
      i = end - 1;
    }
  }
  if (!verbKnown || !path.startsWith("/")) return { problems };
  return { template: { verb: upper as HttpVerb, path, placeholders }, problems };
}

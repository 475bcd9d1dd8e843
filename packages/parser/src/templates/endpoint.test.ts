import { describe, expect, it } from "vitest";
import { parseEndpointTemplate } from "./endpoint.ts";

describe("parseEndpointTemplate", () => {
  it("reads the verb, the path and its placeholders with their ranges", () => {
    const { template, problems } = parseEndpointTemplate("GET /modules/{id}/files/{path}");
    expect(problems).toEqual([]);
    expect(template).toMatchObject({ verb: "GET", path: "/modules/{id}/files/{path}" });
    expect(template!.placeholders.map((p) => [p.param, p.range.start.character, p.range.end.character])).toEqual([
      ["id", 13, 17],
      ["path", 24, 30],
    ]);
  });

  it("offers the capitalised verb as the replacement for a lower-case one", () => {
    const { template, problems } = parseEndpointTemplate("post /modules");
    expect(template?.verb).toBe("POST");
    expect(problems).toEqual([expect.objectContaining({ replacement: "POST" })]);
  });

  it.each([
    ["", "is empty"],
    ["FETCH /x", "not an HTTP verb"],
    ["GET", "has no path"],
    ["GET modules", "must start with `/`"],
    ["GET /a b", "no spaces"],
    ["GET /a/{id", "never closed"],
    ["GET /a/{}", "is not a placeholder"],
    ["GET /a/}", "closes no placeholder"],
  ])("reports %j", (source, message) => {
    expect(
      parseEndpointTemplate(source)
        .problems.map((p) => p.message)
        .join("\n"),
    ).toContain(message);
  });
});

import { describe, expect, it } from "vitest";
import { checkRequest, FORGEJO_OPENAPI } from "./openapi.ts";

const JSON_TYPE = { "content-type": "application/json" };
const check = (method: string, url: string, body = "", headers: Record<string, string> = body ? JSON_TYPE : {}) =>
  checkRequest(FORGEJO_OPENAPI, method, url, headers, body);

describe("a request checked against Forgejo's OpenAPI document", () => {
  it("fits: the operation, its decoded path params, a file path over several segments", () => {
    const put = check("PUT", "/api/v1/repos/alice/proj/contents/docs/%E8%BF%90%E7%BB%B4.md", JSON.stringify({ content: "aGk=", sha: "abc", branch: "main" }));
    expect(put).toEqual({ problems: [], operation: { operationId: "repoUpdateFile", params: { owner: "alice", repo: "proj", filepath: "docs/运维.md" } } });
    expect(check("GET", "/api/v1/repos/alice/proj/contents?ref=main").operation?.operationId).toBe("repoGetContentsList");
    expect(check("GET", "/api/v1/repos/alice/proj/issues?state=all&labels=bug,ui&page=2&limit=10&type=issues").problems).toEqual([]);
  });

  it.each([
    ["a path no operation has", "GET", "/api/v1/repos/alice/proj/forks/x", "", "no operation of the document has the path /api/v1/repos/alice/proj/forks/x"],
    ["a path outside the API", "GET", "/repos/alice/proj", "", "/repos/alice/proj is not under /api/v1"],
    [
      "a verb the path does not take",
      "DELETE",
      "/api/v1/repos/alice/proj/issues/3",
      "",
      "/repos/{owner}/{repo}/issues/{index} has no DELETE (it has GET, PATCH)",
    ],
    [
      "a path param of the wrong type",
      "GET",
      "/api/v1/repos/alice/proj/issues/three",
      "",
      "GET /repos/{owner}/{repo}/issues/{index}: path param index must be an integer",
    ],
    ["an unknown query param", "GET", "/api/v1/repos/alice/proj/commits?branch=main", "", "the query param branch is not in the document"],
    [
      "a repeated query param the document reads once",
      "GET",
      "/api/v1/repos/alice/proj/issues?labels=a&labels=b",
      "",
      "the query param labels is given 2 times",
    ],
    ["a query value outside its enum", "GET", "/api/v1/repos/alice/proj/issues?state=merged", "", "query state must be one of closed, open, all"],
    ["a query flag that is not a boolean", "GET", "/api/v1/repos/alice/proj/commits?stat=no", "", "query stat must be true or false"],
    [
      "a body member the document does not declare",
      "POST",
      "/api/v1/repos/alice/proj/releases",
      JSON.stringify({ tag_name: "v1", target: "main" }),
      "body has target, which the document does not declare",
    ],
    ["a body without a required member", "PUT", "/api/v1/repos/alice/proj/contents/a.txt", JSON.stringify({ content: "aGk=" }), "body lacks the required sha"],
    ["a body member of the wrong type", "POST", "/api/v1/user/repos", JSON.stringify({ name: "x", private: "yes" }), "body.private must be a boolean"],
    [
      "a body value outside its enum",
      "POST",
      "/api/v1/repos/alice/proj/pulls/1/merge",
      JSON.stringify({ Do: "fast-forward" }),
      "body.Do must be one of merge, rebase",
    ],
    ["a body where none is taken", "GET", "/api/v1/repos/alice/proj", JSON.stringify({ x: 1 }), "takes no body"],
    ["no body where one is required", "DELETE", "/api/v1/repos/alice/proj/contents/a.txt", "", "needs a body"],
  ])("%s is a problem", (_, method, url, body, problem) => {
    expect(check(method, url, body).problems.join("\n")).toContain(problem);
  });

  it("a body must be sent as JSON", () => {
    expect(check("POST", "/api/v1/repos/alice/proj/issues", JSON.stringify({ title: "t" }), { "content-type": "text/plain" }).problems).toEqual([
      "POST /repos/{owner}/{repo}/issues: the body is sent as text/plain, not application/json",
    ]);
  });
});

/**
 * The table of hostile values (hostile-values.ts) against every place a value
 * becomes part of a URL: each git-forgejo method's params (found by trying
 * two harmless values and seeing the URL change, so a method added later is
 * covered without being listed), hlpd-api's REST path params and query, and
 * the registry's root. Each value must be refused with an error naming its
 * param, before anything is sent; the same values in a request body, where
 * they cannot move a URL, must not be.
 */
import { executorSpec, type MethodParam } from "@hdlp/parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DryRun, type ExecutionRequest, type Executor, InvalidCallError } from "../src/executors/executor.ts";
import { gitForgejoExecutor } from "../src/executors/git-forgejo/git-forgejo.ts";
import { hlpdApiExecutor } from "../src/executors/hlpd-api/hlpd-api.ts";
import { parseRegistryRoot, RegistryRootError } from "../src/registry/root.ts";
import { type ForgejoFake, startForgejoFake } from "./fakes/forgejo.ts";
import { startHlpdApiFake } from "./fakes/hlpd-api.ts";
import type { RunningServer } from "./fakes/server.ts";
import { callOf, configAt, endpointTemplate, TEST_TOKEN, toolModel } from "./fakes/tools.ts";
import { HARMLESS_DOTS, HOSTILE_VALUES } from "./hostile-values.ts";

const forgejoMethods = (() => {
  const methods = executorSpec("git-forgejo")!.methods;
  return methods.kind === "fixed" ? methods.list : [];
})();

const NUMBERS = new Set(["index", "page", "limit"]);
const FLAGS = new Set(["stat", "verification", "files", "private", "auto_init", "draft", "prerelease"]);

/** Two harmless values of the kind Forgejo reads for the param. */
function harmless(param: MethodParam): [unknown, unknown] {
  if (param.values) return [param.values[0], param.values[1]];
  if (NUMBERS.has(param.name)) return [1, 2];
  if (FLAGS.has(param.name)) return [true, false];
  if (param.name === "repo") return ["alice/proj", "alice/other"];
  return ["probe-a", "probe-b"];
}

/** The URLs a dry run shows: the request's, and those of the requests sent before it (its note). */
function urls(dryRun: DryRun): string[] {
  if (dryRun.kind !== "http") return [];
  return [dryRun.url, ...(dryRun.note?.match(/https?:\/\/\S+/g) ?? [])];
}

function refusal(run: () => unknown): InvalidCallError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidCallError) return error;
    throw error;
  }
  return undefined;
}

interface Place {
  readonly method: string;
  readonly param: MethodParam;
  readonly inUrl: boolean;
  readonly request: (value: unknown) => ExecutionRequest;
}

/**
 * Each param of each method, tried beside the method's required params alone
 * and beside all its other params (file.update reads its file first only
 * without `sha`; issue.edit needs something to change): a place for every
 * context in which two harmless values describe without error.
 */
function forgejoPlaces(url: string): Place[] {
  const config = configAt(url);
  return forgejoMethods.flatMap((method) => {
    const tool = toolModel({ executor: "git-forgejo", method: method.name, params: method.params.map((p) => ({ name: p.name })) });
    return method.params.flatMap((param) => {
      const contexts = [method.params.filter((p) => p.need === "required"), method.params].map((list) =>
        Object.fromEntries(list.filter((p) => p.name !== param.name).map((p) => [p.name, harmless(p)[0]])),
      );
      return contexts.flatMap((others) => {
        const request = (value: unknown) => callOf(tool, { ...others, [param.name]: value }, config);
        const [a, b] = harmless(param);
        const shown = [a, b].map((value) =>
          refusal(() => gitForgejoExecutor.describe(request(value))) ? undefined : urls(gitForgejoExecutor.describe(request(value))).join(" "),
        );
        if (shown[0] === undefined || shown[1] === undefined) return [];
        return [{ method: method.name, param, inUrl: shown[0] !== shown[1], request }];
      });
    });
  });
}

describe("hostile values at every place a value enters a URL", () => {
  let forgejo: ForgejoFake;
  let api: RunningServer;
  let places: Place[];

  beforeAll(async () => {
    forgejo = await startForgejoFake({ token: TEST_TOKEN, user: "alice" });
    forgejo.seed("alice", "proj", { "README.md": "# proj\n" });
    api = await startHlpdApiFake({ token: TEST_TOKEN });
    places = forgejoPlaces(forgejo.url);
  });
  afterAll(async () => {
    await forgejo.close();
    await api.close();
  });

  it("finds the places: paths, queries, the compare basehead, refs and branch names", () => {
    const found = places.filter((p) => p.inUrl).map((p) => `${p.method} ${p.param.name}`);
    for (const expected of [
      "repo.contents path",
      "repo.contents ref",
      "repo.compare base",
      "repo.compare head",
      "repo.commits branch",
      "repo.commits path",
      "file.update path",
      "file.update branch",
      "file.delete branch",
      "issue.list labels",
      "issue.edit index",
      "repo.get repo",
      "repo.search q",
    ]) {
      expect(found).toContain(expected);
    }
    for (const bodyOnly of [
      "file.create content",
      "file.create branch",
      "file.update new_branch",
      "issue.create title",
      "branch.create branch",
      "pull.create head",
    ])
      expect(found).not.toContain(bodyOnly);
  });

  it.each(HOSTILE_VALUES)("git-forgejo refuses %j wherever it would enter a URL, naming the param, and sends nothing", async (value) => {
    const before = forgejo.requests.length;
    for (const place of places.filter((p) => p.inUrl)) {
      const error = refusal(() => gitForgejoExecutor.describe(place.request(value)));
      expect(error, `${place.method} ${place.param.name}`).toBeDefined();
      expect(error!.param, `${place.method} ${place.param.name}`).toBe(place.param.name);
      await expect(gitForgejoExecutor.execute(place.request(value)), `${place.method} ${place.param.name}`).rejects.toThrow(InvalidCallError);
    }
    expect(forgejo.requests.length).toBe(before);
  });

  it.each(HOSTILE_VALUES)("git-forgejo sends %j as it is where it is text in a body", (value) => {
    for (const place of places.filter((p) => !p.inUrl && !p.param.values && !NUMBERS.has(p.param.name) && !FLAGS.has(p.param.name))) {
      expect(
        refusal(() => gitForgejoExecutor.describe(place.request(value))),
        `${place.method} ${place.param.name}`,
      ).toBeUndefined();
    }
  });

  it.each(HARMLESS_DOTS)("git-forgejo lets %j through where names may hold dots", (value) => {
    const path = places.find((p) => p.method === "repo.contents" && p.param.name === "path")!;
    expect((gitForgejoExecutor.describe(path.request(`docs/${value}`)) as { url: string }).url).toContain(`/contents/docs/${encodeURIComponent(value)}`);
  });

  describe("hlpd-api's REST endpoint", () => {
    const rest = (verb: "GET" | "DELETE", path: string, params: string[], values: Record<string, unknown>) =>
      callOf(
        toolModel({ executor: "hlpd-api", method: "module.rest", endpoint: endpointTemplate(verb, path), params: params.map((name) => ({ name })) }),
        values,
        configAt(api.url),
      );

    it.each(HOSTILE_VALUES)("refuses %j as a path param and as a query value, and sends nothing", async (value) => {
      const before = api.requests.length;
      const cases: [Executor, ExecutionRequest, string][] = [
        [hlpdApiExecutor, rest("DELETE", "/modules/{id}/cache", ["id"], { id: value }), "id"],
        [hlpdApiExecutor, rest("GET", "/modules/{id}", ["id", "fields"], { id: "7", fields: value }), "fields"],
        [hlpdApiExecutor, rest("GET", "/modules", ["tags"], { tags: ["ok", value] }), "tags"],
      ];
      for (const [executor, request, param] of cases) {
        expect(refusal(() => executor.describe(request))?.param).toBe(param);
        await expect(executor.execute(request)).rejects.toThrow(InvalidCallError);
      }
      expect(api.requests.length).toBe(before);
    });
  });

  it.each(HOSTILE_VALUES)("the registry's root refuses %j as owner, repository, ref or path", (value) => {
    // As owner or repository a value with `/` or a space does not even parse; as ref or path it does, and is refused for its segment.
    for (const root of [`forgejo:${value}/proj`, `forgejo:alice/${value}`]) expect(() => parseRegistryRoot(root), root).toThrow(RegistryRootError);
    for (const root of [`forgejo:alice/proj@${value}`, `forgejo:alice/proj@main:tools/${value}`])
      expect(() => parseRegistryRoot(root), root).toThrow(/holds the segment/);
  });
});

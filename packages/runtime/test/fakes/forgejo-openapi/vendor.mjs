#!/usr/bin/env node
// Writes forgejo-openapi.json beside this script: the operations of Forgejo's
// published OpenAPI document that hdlp sends (git-forgejo and the registry read
// from a repository), with the definitions their request bodies use, so the
// fake Forgejo can check every request against them. Run it again, with the
// path of the rendered document, when a method is added:
//
//   node packages/runtime/test/fakes/forgejo-openapi/vendor.mjs path/to/forgejo-v1.swagger.json
//
// The source is templates/swagger/v1_json.tmpl in Forgejo's repository, which
// that file itself declares MIT-licensed ("for the purpose of interoperability");
// see NOTICE.md here.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const OPERATIONS = {
  "/user/repos": ["get", "post"],
  "/repos/search": ["get"],
  "/repos/{owner}/{repo}": ["get"],
  "/repos/{owner}/{repo}/branches": ["get", "post"],
  "/repos/{owner}/{repo}/commits": ["get"],
  "/repos/{owner}/{repo}/compare/{basehead}": ["get"],
  "/repos/{owner}/{repo}/contents": ["get"],
  "/repos/{owner}/{repo}/contents/{filepath}": ["get", "post", "put", "delete"],
  "/repos/{owner}/{repo}/raw/{filepath}": ["get"],
  "/repos/{owner}/{repo}/git/trees/{sha}": ["get"],
  "/repos/{owner}/{repo}/git/blobs/{sha}": ["get"],
  "/repos/{owner}/{repo}/issues": ["get", "post"],
  "/repos/{owner}/{repo}/issues/{index}": ["get", "patch"],
  "/repos/{owner}/{repo}/issues/{index}/comments": ["get", "post"],
  "/repos/{owner}/{repo}/issues/{index}/labels": ["put"],
  "/repos/{owner}/{repo}/pulls": ["get", "post"],
  "/repos/{owner}/{repo}/pulls/{index}": ["get"],
  "/repos/{owner}/{repo}/pulls/{index}/merge": ["post"],
  "/repos/{owner}/{repo}/releases": ["get", "post"],
};

const source = process.argv[2];
if (!source) {
  console.error("usage: vendor.mjs <forgejo-v1.swagger.json>");
  process.exit(2);
}
const spec = JSON.parse(readFileSync(source, "utf8"));

const paths = {};
const definitions = {};
const want = (ref) => {
  const name = ref.replace("#/definitions/", "");
  if (definitions[name]) return;
  definitions[name] = spec.definitions[name];
  JSON.stringify(spec.definitions[name]).replace(/"\$ref":"([^"]+)"/g, (_, inner) => want(inner));
};
for (const [path, methods] of Object.entries(OPERATIONS)) {
  paths[path] = {};
  for (const method of methods) {
    const operation = spec.paths[path]?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in ${source}`);
    paths[path][method] = { operationId: operation.operationId, summary: operation.summary, parameters: operation.parameters ?? [] };
    for (const parameter of operation.parameters ?? []) if (parameter.schema?.$ref) want(parameter.schema.$ref);
  }
}
const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => (a < b ? -1 : 1)));
const vendored = {
  "x-source":
    "Forgejo's templates/swagger/v1_json.tmpl (a public mirror, commit 7958942, June 2025), rendered to JSON; only the operations hdlp sends and their request bodies' definitions",
  "x-licence": spec.info.license,
  swagger: spec.swagger,
  basePath: "/api/v1",
  paths,
  definitions: sorted,
};
writeFileSync(fileURLToPath(new URL("forgejo-openapi.json", import.meta.url)), `${JSON.stringify(vendored, null, 2)}\n`);

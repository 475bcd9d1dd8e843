/**
 * A runtime host in a process of its own, started by the sandbox tests with a
 * token in its environment from the start (as a shell starts `hdlp`): what a
 * tool can read of `/proc/<host pid>/environ` is what matters, and that shows
 * the environment a process started with, whatever it deletes later.
 *
 * argv[2]: JSON `{ "modes": ["on", "off"], "cmd": "…" }`: `cmd` run by a `cmd`
 * tool once per sandbox mode; prints the envelopes as a JSON array.
 */
import { callTool } from "../src/index.ts";
import { CMD_PARAM, modelOf } from "./tool-fixtures.ts";

const { modes, cmd } = JSON.parse(process.argv[2]!) as { modes: ("on" | "off")[]; cmd: string };
const model = modelOf({ name: "probe", params: [CMD_PARAM] });
const probe = { name: "probe", path: "", model, diagnostics: [], hash: "" };
const envelopes = [];
for (const mode of modes) {
  const config = { gatekeepers: [], sandbox: { mode, network: false, read: [], write: [] } };
  envelopes.push(await callTool({ tools: [probe], get: (name) => (name === "probe" ? probe : undefined) }, { tool: "probe", params: { cmd } }, { config }));
}
process.stdout.write(JSON.stringify(envelopes));

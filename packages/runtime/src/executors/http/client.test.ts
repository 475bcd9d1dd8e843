import { afterEach, describe, expect, it } from "vitest";
import { startFaultServer } from "../../../test/fakes/faults.ts";
import { type RunningServer, startServer } from "../../../test/fakes/server.ts";
import { CappedBytes } from "../common/capped-bytes.ts";
import { sendHttp } from "./client.ts";
import { withDeadline } from "./deadline.ts";

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const serve = async (server: Promise<RunningServer>) => {
  const running = await server;
  servers.push(running);
  return running;
};

describe("sendHttp", () => {
  it("a caller's cancel stops the call and is reported as a cancel, not a timeout", async () => {
    const server = await serve(startFaultServer("hang"));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await withDeadline(10_000, controller.signal, (deadline) =>
      sendHttp({ method: "GET", url: `${server.url}/x`, headers: {}, sink: new CappedBytes(100) }, deadline),
    );
    expect(outcome).toMatchObject({ kind: "failed", error: `GET ${server.url}/x was cancelled`, timedOut: false });
  });

  it("a password written into the URL is masked in the error", async () => {
    const refused = await withDeadline(5000, undefined, (deadline) =>
      sendHttp({ method: "GET", url: "http://ops:hunter2@127.0.0.1:1/", headers: {}, sink: new CappedBytes(100) }, deadline),
    );
    expect(refused.kind === "failed" && refused.error).toMatch(/^GET http:\/\/ops:\*\*\*@127\.0\.0\.1:1\/ failed: /);
    expect(JSON.stringify(refused)).not.toContain("hunter2");
  });

  it("a redirect whose Location is not a URL is still reported, as written", async () => {
    const server = await serve(startServer((_, res) => void res.writeHead(301, { location: "http://[bad" }).end()));
    const outcome = await withDeadline(5000, undefined, (deadline) =>
      sendHttp({ method: "GET", url: server.url, headers: {}, sink: new CappedBytes(100) }, deadline),
    );
    expect(outcome).toMatchObject({
      kind: "failed",
      error: `GET ${server.url} answered 301 Moved Permanently, a redirect to http://[bad; redirects are not followed`,
    });
  });
});

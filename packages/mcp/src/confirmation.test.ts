/**
 * The answer to a confirmation counts only for the question it answers: the
 * signed state must name exactly the call that would run now.
 */
import type { ToolModel } from "@hdlp/parser";
import type { ServerContext } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { confirmationFor, questionCodec } from "./confirmation.ts";

const codec = questionCodec();

/** The parts of a handler context the confirmation reads. */
function context(state: unknown, responses: Record<string, unknown> | undefined): ServerContext {
  return { mcpReq: { requestState: () => state, inputResponses: responses } } as unknown as ServerContext;
}

const accept = { confirm: { action: "accept", content: { confirm: true } } };
const tool = { name: "rm-file" } as ToolModel;

async function digestOf(text: string): Promise<string> {
  const asked = await confirmationFor({ toolName: "rm-file", text, message: "?", ctx: context(undefined, undefined), canElicit: true, codec });
  if (asked.kind !== "ask") throw new Error("expected a question");
  return (await codec.verify(asked.result.requestState!, {} as ServerContext)).digest;
}

describe("confirmationFor", () => {
  it("asks, with a signed state, when the client can elicit and has not answered", async () => {
    const asked = await confirmationFor({
      toolName: "rm-file",
      text: "rm -f -- /tmp/x\n",
      message: "run?",
      ctx: context(undefined, undefined),
      canElicit: true,
      codec,
    });
    expect(asked.kind).toBe("ask");
    if (asked.kind !== "ask") return;
    expect(asked.result.inputRequests?.["confirm"]).toMatchObject({ method: "elicitation/create", params: { message: "run?", mode: "form" } });
    await expect(codec.verify(asked.result.requestState!, {} as ServerContext)).resolves.toHaveProperty("digest");
  });

  it("cannot ask a client without elicitation: the runtime then refuses", async () => {
    expect((await confirmationFor({ toolName: "rm-file", text: "x", message: "?", ctx: context(undefined, undefined), canElicit: false, codec })).kind).toBe(
      "cannot-ask",
    );
  });

  it("takes an accept only with the state of this very call, and confirms only the text that was shown", async () => {
    const shown = "rm -f -- /tmp/x\n";
    const digest = await digestOf(shown);
    const answered = await confirmationFor({ toolName: "rm-file", text: shown, message: "?", ctx: context({ digest }, accept), canElicit: true, codec });
    expect(answered.kind).toBe("answered");
    if (answered.kind !== "answered") return;
    expect(answered.confirm({ tool, params: {}, dryRun: { kind: "process", argv: [] }, text: shown })).toBe(true);
    // The registry changed between the answer and the run: another text is not what was confirmed.
    expect(answered.confirm({ tool, params: {}, dryRun: { kind: "process", argv: [] }, text: "rm -f -- /etc\n" })).toBe(false);
  });

  it("asks again when an accept comes without state, or with the state of another call", async () => {
    const forged = await confirmationFor({
      toolName: "rm-file",
      text: "rm -f -- /etc\n",
      message: "?",
      ctx: context(undefined, accept),
      canElicit: true,
      codec,
    });
    expect(forged.kind).toBe("ask");
    const other = await digestOf("rm -f -- /tmp/harmless\n");
    const swapped = await confirmationFor({
      toolName: "rm-file",
      text: "rm -f -- /etc\n",
      message: "?",
      ctx: context({ digest: other }, accept),
      canElicit: true,
      codec,
    });
    expect(swapped.kind).toBe("ask");
  });

  it("refuses on a decline, a cancel, or an accept with confirm unchecked", async () => {
    const text = "rm -f -- /tmp/x\n";
    const digest = await digestOf(text);
    for (const answer of [{ action: "decline" }, { action: "cancel" }, { action: "accept", content: { confirm: false } }]) {
      const result = await confirmationFor({ toolName: "rm-file", text, message: "?", ctx: context({ digest }, { confirm: answer }), canElicit: true, codec });
      expect(result.kind).toBe("answered");
      if (result.kind === "answered") expect(result.confirm({ tool, params: {}, dryRun: { kind: "process", argv: [] }, text })).toBe(false);
    }
  });
});

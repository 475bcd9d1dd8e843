/**
 * `require_confirm` over MCP. When the client declared form elicitation, the
 * server asks, showing exactly what will run (the dry-run text), and runs
 * only on an accept with `confirm: true`; otherwise it refuses and nothing
 * runs. It asks the way both protocol eras understand: it returns an
 * `input_required` result (2026-07-28), which the SDK turns into a real
 * `elicitation/create` request for a 2025-11-25 client.
 *
 * The answer is bound to what was shown: the question carries a signed
 * `requestState` holding a digest of the tool's name and the dry-run text,
 * and an answer counts only when it comes back with that state and the call
 * would still run exactly that. An answer to another question, a forged or
 * expired state, or params changed between the rounds ask again; nothing in
 * a tool's arguments, a header or the environment of the call can confirm.
 */
import { createHash, randomBytes } from "node:crypto";
import type { ConfirmRequest } from "@hdlp/runtime";
import {
  createRequestStateCodec,
  inputRequired,
  type InputRequiredResult,
  inputResponse,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";

/** The key of the confirmation in `inputRequests` and `inputResponses`. */
const ANSWER = "confirm";

/** How long a question stays answerable: a person reads it. */
const QUESTION_TTL_SECONDS = 600;

interface Question {
  readonly digest: string;
}

/** One per server process: every instance (one per HTTP request on 2026-07-28) verifies what another minted. */
export function questionCodec(): RequestStateCodec<Question> {
  return createRequestStateCodec<Question>({ key: randomBytes(32), ttlSeconds: QUESTION_TTL_SECONDS });
}

export type Confirmation =
  /** Ask, and come back with the answer. */
  | { readonly kind: "ask"; readonly result: InputRequiredResult }
  /** Answered: the callback the runtime asks, true only for the call that was shown. */
  | { readonly kind: "answered"; readonly confirm: (request: ConfirmRequest) => boolean }
  /** The client cannot be asked: the runtime refuses, with no confirm callback. */
  | { readonly kind: "cannot-ask" };

export interface ConfirmationInput {
  readonly toolName: string;
  /** The dry-run text of the prepared call: what would run. */
  readonly text: string;
  /** The question shown to the user. */
  readonly message: string;
  readonly ctx: ServerContext;
  readonly canElicit: boolean;
  readonly codec: RequestStateCodec<Question>;
}

export async function confirmationFor(input: ConfirmationInput): Promise<Confirmation> {
  const digest = digestOf(input.toolName, input.text);
  // Verified by the codec before the handler ran (a forged or expired state never gets here).
  const state = input.ctx.mcpReq.requestState<Question>();
  const answer = inputResponse(input.ctx.mcpReq.inputResponses, ANSWER);
  if (state?.digest === digest && answer.kind === "elicit") {
    const accepted = answer.action === "accept" && answer.content?.[ANSWER] === true;
    return { kind: "answered", confirm: (request) => accepted && digestOf(request.tool.name, request.text) === digest };
  }
  if (!input.canElicit) return { kind: "cannot-ask" };
  return {
    kind: "ask",
    result: inputRequired({
      inputRequests: {
        [ANSWER]: inputRequired.elicit({
          message: input.message,
          requestedSchema: {
            type: "object",
            properties: {
              [ANSWER]: { type: "boolean", title: "Run it", description: "Check to run exactly what is shown; leave unchecked or decline to run nothing." },
            },
            required: [ANSWER],
          },
        }),
      },
      requestState: await input.codec.mint({ digest }),
    }),
  };
}

function digestOf(tool: string, text: string): string {
  return createHash("sha256").update(tool).update("\0").update(text).digest("base64url");
}

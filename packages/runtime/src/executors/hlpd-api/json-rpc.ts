/**
 * JSON-RPC 2.0 over HTTP, the HLDP API's default contract: one request object
 * per POST, one response object back. https://www.jsonrpc.org/specification
 */

export function rpcRequestBody(id: number, method: string, params: Readonly<Record<string, unknown>>): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

export type RpcReading =
  | { readonly kind: "result" }
  | { readonly kind: "error"; readonly code: unknown; readonly message: unknown; readonly data?: unknown }
  | { readonly kind: "invalid"; readonly reason: string };

/** What a response body says: a result, an `error` member, or not a JSON-RPC 2.0 response to this request at all. */
export function readRpcResponse(body: string, id: number): RpcReading {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { kind: "invalid", reason: "the body is not JSON" };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { kind: "invalid", reason: "the body is not a JSON object" };
  const response = data as Record<string, unknown>;
  if (response["jsonrpc"] !== "2.0") return { kind: "invalid", reason: 'it has no "jsonrpc": "2.0"' };
  if ("error" in response) {
    // The specification's one exception: a server that could not read the request's id answers its error with id null.
    if (response["id"] !== id && response["id"] !== null)
      return { kind: "invalid", reason: `its error is for id ${JSON.stringify(response["id"])}, not the request's id ${id}` };
    const error = response["error"];
    if (typeof error !== "object" || error === null) return { kind: "invalid", reason: 'its "error" member is not an object' };
    const { code, message, data: detail } = error as Record<string, unknown>;
    return detail === undefined ? { kind: "error", code, message } : { kind: "error", code, message, data: detail };
  }
  if (!("result" in response)) return { kind: "invalid", reason: 'it has neither "result" nor "error"' };
  if (response["id"] !== id) return { kind: "invalid", reason: `its id ${JSON.stringify(response["id"])} is not the request's id ${id}` };
  return { kind: "result" };
}

/** `JSON-RPC error -32601: Method not found` (and its data, when the server sent some). */
export function rpcErrorText(reading: Extract<RpcReading, { kind: "error" }>): string {
  const data = reading.data === undefined ? "" : ` (data: ${JSON.stringify(reading.data)})`;
  return `JSON-RPC error ${String(reading.code)}: ${String(reading.message)}${data}`;
}

import type { IncomingMessage, ServerResponse } from "node:http";

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Answers an HTTP status with a JSON-RPC error (id null: the request it answers may have none). */
export function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/**
 * Reads a request body as JSON: the value and its text, or the status and message to answer (413 past 4 MB, 400 for text that is
 * not JSON).
 */
export async function readJson(
  req: IncomingMessage,
): Promise<{ readonly body: unknown; readonly text: string } | { readonly status: number; readonly message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { status: 413, message: `Payload Too Large: over ${MAX_BODY_BYTES} bytes` };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return { body: JSON.parse(text) as unknown, text };
  } catch (error) {
    return { status: 400, message: `Parse error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

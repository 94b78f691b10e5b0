/** The most bytes a request body may hold; a larger one is answered 413. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Answers an HTTP status with a JSON-RPC error (id null: the request it answers may have none), as a web-standard
 * `Response`, so every runtime that serves `fetch` sends the same bytes.
 */
export function jsonRpcError(
  status: number,
  message: string,
  code = -32000,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
  return new Response(body, { status, headers: { "content-type": "application/json", ...headers } });
}

/** A request body read whole, or the status and message to answer instead. */
export type ReadBody =
  { readonly body: unknown; readonly text: string } | { readonly status: number; readonly message: string };

/**
 * Reads a request body as JSON: the value and its text, or the status and message to answer (413 past
 * `maxBytes`, 400 for text that is not JSON or a body that broke off, 408 for a body not complete within
 * `timeoutMs`: a client that sends its headers and then a byte at a time holds nothing of the server past that).
 * A body cut short is cancelled, never read to its end.
 */
export async function readJson(request: Request, timeoutMs: number, maxBytes = MAX_BODY_BYTES): Promise<ReadBody> {
  if (request.body === null) return parse("");
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<ReadBody>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 408, message: `Request Timeout: the body did not arrive within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const read = readAll(reader, maxBytes);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
    // A body still arriving (too slow, too large) is dropped; one read to its end has nothing left to cancel.
    void reader.cancel().catch(() => undefined);
  }
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<ReadBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return { status: 413, message: `Payload Too Large: over ${maxBytes} bytes` };
      chunks.push(value);
    }
  } catch (error) {
    return { status: 400, message: `Bad Request: ${error instanceof Error ? error.message : String(error)}` };
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return parse(new TextDecoder().decode(whole));
}

function parse(text: string): ReadBody {
  try {
    return { body: JSON.parse(text) as unknown, text };
  } catch (error) {
    return { status: 400, message: `Parse error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** True for a read that stopped before the body's end (too large, too slow): the rest of it is still on the wire. */
export function leftUnread(read: { readonly status: number }): boolean {
  return read.status === 408 || read.status === 413;
}

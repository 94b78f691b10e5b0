import type { IncomingMessage, ServerResponse } from "node:http";

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Answers an HTTP status with a JSON-RPC error (id null: the request it answers may have none). */
export function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** A request body read whole, or the status and message to answer instead. */
export type ReadBody =
  { readonly body: unknown; readonly text: string } | { readonly status: number; readonly message: string };

/**
 * Reads a request body as JSON: the value and its text, or the status and message to answer (413 past 4 MB, 400 for
 * text that is not JSON or a request that broke off, 408 for a body not complete within `timeoutMs`: a client that
 * sends its headers and then a byte at a time holds nothing of the server past that).
 */
export function readJson(req: IncomingMessage, timeoutMs: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (read: ReadBody) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onError);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) done({ status: 413, message: `Payload Too Large: over ${MAX_BODY_BYTES} bytes` });
      else chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        done({ body: JSON.parse(text) as unknown, text });
      } catch (error) {
        done({ status: 400, message: `Parse error: ${error instanceof Error ? error.message : String(error)}` });
      }
    };
    const onError = (error: Error) => done({ status: 400, message: `Bad Request: ${error.message}` });
    const timer = setTimeout(
      () => done({ status: 408, message: `Request Timeout: the body did not arrive within ${timeoutMs} ms` }),
      timeoutMs,
    );
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/**
 * Answers a body that could not be read. The rest of a body cut short (too large, too slow) is never read, so the
 * connection is closed once the answer is out: its socket is freed, and no half-read body is taken for a next request.
 */
export function replyUnread(res: ServerResponse, read: { readonly status: number; readonly message: string }): void {
  const unread = read.status === 408 || read.status === 413;
  if (unread) {
    res.setHeader("connection", "close");
    res.once("finish", () => res.socket?.destroy());
  }
  reply(res, read.status, read.message, -32700);
}

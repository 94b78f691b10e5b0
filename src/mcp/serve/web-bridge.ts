import type { IncomingMessage, ServerResponse } from "node:http";
import { Backlog } from "./backlog.js";

/**
 * Builds the web-standard `Request` the MCP route answers from a Node request, its body streamed as it arrives (so the
 * route's own body limits, size and time, apply as they do on any runtime). The request's signal aborts when the
 * client hangs up before the response has ended: that is how a 2026-07-28 client cancels a call (it closes the
 * stream), and the SDK passes it on to the handler.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const aborter = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborter.abort(new Error("the client closed the connection"));
  });
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  // Node's fetch needs `duplex: "half"` for a streamed body; the Fetch standard's RequestInit has no such member yet.
  const init = { method, headers, signal: aborter.signal, ...(hasBody ? { body: bodyOf(req), duplex: "half" } : {}) };
  return new Request(urlOf(req), init as RequestInit);
}

// The request's URL; a Host header that is no host name (the route's Host check refuses it) still gives a URL.
function urlOf(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return new URL(req.url ?? "/", "http://localhost");
  }
}

/**
 * A Node request's body as a web stream, read only as fast as it is pulled. Cancelling it stops reading and leaves
 * the socket as it is: the listener closes the connection after answering (a body cut short must not be taken for
 * the next request), and destroying the request here would drop the answer with it.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  const stop = () => {
    open = false;
    req.pause();
    req.off("data", onData);
  };
  let onData: (chunk: Buffer) => void = () => undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      };
      req.on("data", onData);
      req.once("end", () => {
        if (open) controller.close();
        open = false;
      });
      req.once("error", (error) => {
        if (open) controller.error(error);
        open = false;
      });
      req.once("close", () => {
        if (open && !req.complete) controller.error(new Error("the request body broke off"));
        open = false;
      });
    },
    pull() {
      req.resume();
    },
    cancel: stop,
  });
}

/**
 * Writes a web-standard `Response` to a Node response, streaming its body as it comes (an SSE stream of progress and
 * a result, or a 2025 session's long-lived GET stream). A client that hangs up cancels the body, so the SDK's stream
 * closes too. The body is read as fast as the SDK writes it, whatever the client reads: while the client is behind,
 * frames wait in a {@link Backlog} that keeps only the latest progress update of each call, so a client that asks for
 * progress and stops reading makes the server hold one update, not every one.
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  // A client that hung up before the answer began (while its body was read, say) will never read it.
  if (res.destroyed) {
    await reader.cancel().catch(() => undefined);
    return void res.end();
  }
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.once("close", cancel);
  const backlog = new Backlog();
  let behind = false;
  // SSE frames must reach the client as they are written, not when a buffer fills; a full buffer waits for "drain".
  const flush = () => {
    behind = false;
    for (let frame = backlog.take(); frame !== undefined; frame = backlog.take()) {
      if (res.write(frame)) continue;
      behind = true;
      return void res.once("drain", flush);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      backlog.add(value);
      if (!behind) flush();
    }
  } catch {
    // The client hung up (cancel) or the stream failed: nothing more can be written.
  } finally {
    res.off("close", cancel).off("drain", flush);
    // What still waits (the result, the latest progress of each call: a bounded backlog) goes to Node's buffer as is.
    if (!res.destroyed) for (let frame = backlog.take(); frame !== undefined; frame = backlog.take()) res.write(frame);
    res.end();
  }
}

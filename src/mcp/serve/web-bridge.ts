import type { IncomingMessage, ServerResponse } from "node:http";
import { Backlog } from "./backlog.js";

/**
 * Builds the web-standard `Request` the SDK v2 answers from a Node request whose body was already read (`text`; none
 * for GET and DELETE). The request's signal aborts when the client hangs up before the response has ended: that is
 * how a 2026-07-28 client cancels a call (it closes the stream), and the SDK passes it on to the handler.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, text: string | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const aborter = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborter.abort(new Error("the client closed the connection"));
  });
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  return new Request(url, {
    method: req.method ?? "GET",
    headers,
    signal: aborter.signal,
    ...(text === undefined ? {} : { body: text }),
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

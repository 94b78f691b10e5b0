import { randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { DevAgent } from "./dev-agent.js";
import { type ApiAnswer, DevApi } from "./dev-api.js";
import { DevTracing, type DevTracingOptions } from "./dev-tracing.js";
import { EventLog } from "./event-log.js";
import { readPageAssets } from "./page-assets.js";
import { checkRequest } from "./request-guard.js";
import { SpanApi } from "./span-api.js";
import { type CollectedCall, SpanCollector } from "./span-collector.js";

/** Options of {@link startDevServer}. */
export interface DevServerOptions {
  readonly agents: readonly DevAgent[];
  /** The module's path as the user gave it, shown on the page. */
  readonly module: string;
  /** The folder holding index.html and the page's scripts and styles. */
  readonly assetsDir: string;
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The secret every request carries in its path; a new random one by default. */
  readonly token?: string;
  /** Tells the page which load of the module it talks to; a new value makes it reload. */
  readonly generation?: string;
  /** Where the OpenTelemetry API and the process's settings come from (the real ones by default; tests replace them). */
  readonly tracing?: DevTracingOptions;
}

/** A running playground server. */
export interface DevServer {
  /** The page's address, token included. */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

// No CORS headers, ever: another origin cannot read an answer, and the guard refuses its requests before they run.
const HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy":
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' data: blob:; object-src 'none'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};
const MAX_BODY = 16 * 1024 * 1024;

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { ...HEADERS, "content-type": type });
  response.end(body);
}

function sendJson(response: ServerResponse, { status, body }: ApiAnswer): void {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error("request body too large");
    chunks.push(chunk);
  }
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("expected a JSON object");
  return value as Record<string, unknown>;
}

/**
 * Starts the playground: the page and its API on 127.0.0.1 only, every request checked by {@link checkRequest}
 * (token, Host, Origin) before anything runs.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const token = options.token ?? randomBytes(24).toString("base64url");
  const generation = options.generation ?? randomBytes(6).toString("hex");
  const assets = readPageAssets(options.assetsDir);
  const streams = new Set<ServerResponse>();
  const broadcast = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) stream.write(frame);
  };
  const log = new EventLog(options.agents, (entry) => {
    broadcast("log", entry);
    // Progress moves its bar in place (from the log entry); the other events may change what waits or runs.
    if (entry.event !== "progress") broadcast("activity", {});
  });
  const api = new DevApi(options.agents, options.module, () => broadcast("activity", {}));
  // The calls whose spans changed, told to the page together: a handler may start many spans in one moment.
  const changed = new Map<string, CollectedCall>();
  let telling: NodeJS.Timeout | undefined;
  const collector = new SpanCollector((call) => {
    changed.set(`${call.agent}\0${call.callId}`, call);
    telling ??= setTimeout(() => {
      telling = undefined;
      broadcast(
        "spans",
        [...changed.values()].map(({ agent, callId }) => ({ agent, callId })),
      );
      changed.clear();
    }, 50);
  });
  const tracing = new DevTracing(collector, options.tracing);
  const spans = new SpanApi(tracing, collector, new Map(options.agents.map((a) => [a.name, a])), log);
  // Attached before the first call, when the module registered its SDK as it loaded.
  await tracing.refresh();
  let port = 0;

  const openStream = (response: ServerResponse) => {
    response.writeHead(200, { ...HEADERS, "content-type": "text/event-stream" });
    // A short retry: after a reload the new process listens again within moments.
    response.write(`retry: 300\nevent: hello\ndata: ${JSON.stringify({ generation })}\n\n`);
    for (const entry of log.entries()) response.write(`event: log\ndata: ${JSON.stringify(entry)}\n\n`);
    streams.add(response);
    response.on("close", () => streams.delete(response));
  };

  const route = async (method: string, path: string, query: URLSearchParams, request: IncomingMessage) => {
    if (method === "GET" && path === "/api/state") return api.state();
    if (method === "GET" && path === "/api/forms") return api.forms(query);
    if (method === "GET" && path === "/api/activity") return api.activity();
    if (method === "GET" && path === "/api/spans") return spans.answer(query);
    if (method !== "POST") return undefined;
    const body = await readJson(request);
    if (path === "/api/call") {
      // A provider the app registered after its module loaded is found before the call's first span.
      await tracing.refresh();
      return api.call(body);
    }
    if (path === "/api/approve") return api.approve(body);
    if (path === "/api/reject") return api.reject(body);
    if (path === "/api/cancel") return api.cancel(body);
    return undefined;
  };

  const server = createServer((request, response) => {
    const verdict = checkRequest(request, { token, port });
    if (!verdict.ok) return send(response, 403, "text/plain; charset=utf-8", `refused: ${verdict.reason}\n`);
    const method = request.method ?? "GET";
    if (method === "GET" && verdict.path === "/events") return openStream(response);
    const asset = method === "GET" ? assets.get(verdict.path) : undefined;
    if (asset) return send(response, 200, asset.type, asset.body);
    route(method, verdict.path, verdict.query, request).then(
      (answer) =>
        sendJson(response, answer ?? { status: 404, body: { error: `no such route ${method} ${verdict.path}` } }),
      (error: unknown) =>
        sendJson(response, { status: 400, body: { error: error instanceof Error ? error.message : String(error) } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const keepAlive = setInterval(() => {
    for (const stream of streams) stream.write(": keep-alive\n\n");
  }, 15_000);
  keepAlive.unref();
  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(keepAlive);
        clearTimeout(telling);
        tracing.close();
        void collector.shutdown();
        log.close();
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// serveMcp answering both protocol eras from one endpoint, checked with the official clients over real HTTP: the SDK
// v2 client pinned to 2026-07-28 and in its legacy mode, the SDK v1 client (2025-11-25), and raw 2026 requests for
// what the clients hide (resultType, cache hints on the wire).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry, currentToolCall, image, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { rpc } from "../support/raw-mcp-2026.js";

jest.setTimeout(20_000);

const PNG = "iVBORw0KGgo=";
const DIALECT = "https://json-schema.org/draft/2020-12/schema";

let aborted = 0;

class WireAgent extends BaseAgent {
  static override agentName = "wire_agent";

  @tool({ description: "Add", title: "Adder", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }) {
    return { sum: a + b };
  }

  @tool({ description: "Names", returns: p.array(p.string()) })
  names(): string[] {
    return ["ada", "grace"];
  }

  @tool({ description: "A picture" })
  picture() {
    return image({ data: PNG, mimeType: "image/png" });
  }

  @tool({
    description: "Raw 2020-12 schema",
    inputSchema: { $schema: DIALECT, type: "object", properties: { q: { type: "string" } } },
  })
  raw() {
    return "ok";
  }

  @tool({ description: "Waits until cancelled" })
  wait() {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((resolve) => {
      signal.addEventListener("abort", () => {
        aborted += 1;
        resolve("stopped");
      });
    });
  }
}

const ORDER = ["add", "names", "picture", "raw", "wait"];

async function modern(url: string): Promise<Client> {
  const client = new Client(
    { name: "v2-modern", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function legacy(url: string): Promise<Client> {
  const client = new Client({ name: "v2-legacy", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** A raw request from a client that declares no capabilities: the headers and `_meta` the official client hides. */
const rawPost = (url: string, method: string, params: Record<string, unknown>) =>
  rpc(url, method, params, { capabilities: {} });

describe("serveMcp on 2026-07-28 and 2025-11-25", () => {
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new WireAgent({ registry: new ToolRegistry() }), {
      transport: "http",
      listCache: { ttlMs: 60_000, cacheScope: "public" },
    });
  });
  afterAll(() => server?.close());

  it("negotiates 2026-07-28 with a pinned v2 client and 2025-11-25 with legacy clients of both SDK majors", async () => {
    const client = await modern(server.url);
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    await client.close();
    const old = await legacy(server.url);
    expect(old.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    await old.close();
    const v1 = new V1Client({ name: "v1", version: "1.0.0" });
    await v1.connect(new V1Transport(new URL(server.url)));
    expect(v1.getServerVersion()?.name).toBe("wire_agent");
    expect((await v1.listTools()).tools.map((t) => t.name)).toEqual(ORDER);
    await v1.close();
  });

  it("lists tools in definition order on every request, with the cache hints of listCache and resultType", async () => {
    const first = await rawPost(server.url, "tools/list", {});
    const second = await rawPost(server.url, "tools/list", {});
    expect(first.status).toBe(200);
    const names = (r: typeof first) => (r.result!.tools as { name: string }[]).map((t) => t.name);
    expect(names(first)).toEqual(ORDER);
    expect(names(second)).toEqual(ORDER);
    expect(first.result).toMatchObject({ resultType: "complete", ttlMs: 60_000, cacheScope: "public" });
  });

  it("answers tools/call with resultType complete and structured content", async () => {
    const answer = await rawPost(server.url, "tools/call", { name: "add", arguments: { a: 2, b: 3 } });
    expect(answer.result).toMatchObject({ resultType: "complete", structuredContent: { sum: 5 } });
  });

  it("keeps a declared $schema, title and annotations; an array output schema only on 2026", async () => {
    const client = await modern(server.url);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("raw")?.inputSchema.$schema).toBe(DIALECT);
    expect(byName.get("add")).toMatchObject({ title: "Adder", annotations: { readOnlyHint: true } });
    expect(byName.get("names")?.outputSchema).toEqual({ type: "array", items: { type: "string" } });
    const result = await client.callTool({ name: "names", arguments: {} });
    expect(result.structuredContent).toEqual(["ada", "grace"]);
    await client.close();

    const old = await legacy(server.url);
    const legacyTools = (await old.listTools()).tools;
    expect(legacyTools.find((t) => t.name === "raw")?.inputSchema.$schema).toBe(DIALECT);
    expect(legacyTools.find((t) => t.name === "names")?.outputSchema).toBeUndefined();
    expect((await old.callTool({ name: "names", arguments: {} })).structuredContent).toBeUndefined();
    await old.close();
  });

  it("sends rich content blocks on both eras", async () => {
    for (const connect of [modern, legacy]) {
      const client = await connect(server.url);
      const result = await client.callTool({ name: "picture", arguments: {} });
      expect(result.content).toEqual([{ type: "image", data: PNG, mimeType: "image/png" }]);
      await client.close();
    }
  });

  it("stops the handler when a 2026 client cancels the call", async () => {
    const client = await modern(server.url);
    const before = aborted;
    const controller = new AbortController();
    const call = client.callTool({ name: "wait", arguments: {} }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await expect(call).rejects.toThrow();
    for (let i = 0; i < 50 && aborted === before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toBe(before + 1);
    await client.close();
  });
});

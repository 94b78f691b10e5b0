// Issue 37: a tool only an MCP Apps view may call (`ui.visibility: ["app"]`) is kept from the model on every surface
// a model reads tools from (toolSpecs, tools, toolsForTurn, tool_search, the provider exports, the adapters, MCP
// tools/list and tools/call for a client without views), while a host that shows views may still list and call it.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  BaseAgent,
  ToolRegistry,
  createLoadedTools,
  p,
  resource,
  toAnthropicTools,
  toGeminiTools,
  toOpenAITools,
  tool,
} from "toolwright";
import { toAiSdkTools } from "toolwright/ai-sdk";
import { toLangChainTools } from "toolwright/langchain";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { type HttpMcpServerHandle, mcpFetchHandler, serveMcp } from "toolwright/mcp";
import { WeatherApp } from "./weather-app-agent.js";

jest.setTimeout(20_000);

const makeAgent = () => new WeatherApp({ registry: new ToolRegistry() });
const MODEL_TOOLS = ["current", "plain"];
const APP_ONLY_MESSAGE =
  /Tool "refresh" is called only by its app view \(MCP Apps visibility \["app"\]\), not by a model/;

describe("a tool only a view may call, kept from the model", () => {
  it("is left out of tools(), toolSpecs() and toolsForTurn(), and listed for a host that shows views", () => {
    const agent = makeAgent();
    expect(agent.toolSpecs().map((t) => t.name)).toEqual(MODEL_TOOLS);
    expect(agent.tools().map((t) => t.name)).toEqual(MODEL_TOOLS);
    expect(agent.toolsForTurn(createLoadedTools()).map((t) => t.name)).toEqual(MODEL_TOOLS);
    expect(agent.tools({ appHost: true }).map((t) => t.name)).toEqual([...MODEL_TOOLS, "refresh"]);
    expect(agent.toolSpecs({ appHost: true }).map((t) => t.name)).toEqual([...MODEL_TOOLS, "refresh"]);
  });

  it("is left out of a registry's specs() of its module-level tools", () => {
    const registry = new ToolRegistry();
    registry.register("zoom", () => "zoomed", {
      description: "Zoom",
      ui: { resourceUri: "ui://x/v", visibility: ["app"] },
    });
    registry.register("draw", () => "drawn", { description: "Draw", ui: { resourceUri: "ui://x/v" } });
    expect(registry.specs().map((spec) => spec.name)).toEqual(["draw"]);
  });

  it("is in no provider's export of the agent's specs", () => {
    const specs = makeAgent().toolSpecs();
    const names = (tools: readonly unknown[]) =>
      tools.map((t) => {
        const entry = t as { name?: string; function?: { name: string } };
        return entry.name ?? entry.function!.name;
      });
    expect(names(toOpenAITools(specs))).toEqual(MODEL_TOOLS);
    expect(names(toOpenAITools(specs, { api: "responses" }))).toEqual(MODEL_TOOLS);
    expect(names(toAnthropicTools(specs))).toEqual(MODEL_TOOLS);
    expect(names(toGeminiTools(specs))).toEqual(MODEL_TOOLS);
  });

  it("is in no adapter's tools", () => {
    expect(Object.keys(toAiSdkTools(makeAgent()))).toEqual(MODEL_TOOLS);
    expect(toOpenAIAgentsTools(makeAgent()).map((t) => t.name)).toEqual(MODEL_TOOLS);
    expect(toLangChainTools(makeAgent()).map((t) => t.name)).toEqual(MODEL_TOOLS);
    expect(() => toAiSdkTools(makeAgent(), { only: ["refresh"] })).toThrow(/has no tool "refresh"/);
  });

  it("is refused to a model's call as denied, saying only its view calls it; a host of views may call it", async () => {
    const agent = makeAgent();
    const refused = await agent.callTool("refresh", {});
    expect(refused).toMatchObject({ ok: false, outcome: "denied", error: { code: "PERMISSION_DENIED" } });
    expect(refused.error!.message).toMatch(APP_ONLY_MESSAGE);
    expect(refused.error!.message).toMatch(/Available tools: current, plain\./);
    const [batched] = await agent.runToolCalls([{ id: "c1", name: "refresh", arguments: "{}" }]);
    expect(batched).toMatchObject({ ok: false, outcome: "denied", callId: "c1" });
    const called = await agent.callTool("refresh", {}, { appHost: true });
    expect(called).toMatchObject({ ok: true, content: "refreshed" });
  });

  it("is not found by tool_search when deferred", async () => {
    class Deferred extends BaseAgent {
      static override agentName = "deferred_views";

      @resource({ uri: "ui://d/view", app: true })
      view() {
        return "<html></html>";
      }

      @tool({
        description: "Zoom the chart view",
        deferred: true,
        ui: { resourceUri: "ui://d/view", visibility: ["app"] },
      })
      zoomChart() {
        return "zoomed";
      }

      @tool({ description: "Draw a chart", deferred: true, params: { kind: p.string() } })
      drawChart({ kind }: { kind: string }) {
        return kind;
      }
    }
    const agent = new Deferred({ registry: new ToolRegistry() });
    const loaded = createLoadedTools();
    const found = await agent.callTool("tool_search", { query: "chart" }, { loadedTools: loaded });
    expect(found.ok).toBe(true);
    expect(loaded.names).toEqual(["drawChart"]);
  });
});

describe("a tool only a view may call, over MCP", () => {
  let server: HttpMcpServerHandle;
  beforeAll(async () => {
    server = await serveMcp(makeAgent(), { transport: "http" });
  });
  afterAll(async () => server?.close());

  const connect = async (revision: "2025-11-25" | "2026-07-28", showsApps: boolean) => {
    const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {};
    const extensions = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
    const client = new Client(
      { name: "app-only-test", version: "1.0.0" },
      { ...pin, ...(showsApps ? { capabilities: { extensions } } : {}) },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    return client;
  };

  it.each(["2025-11-25", "2026-07-28"] as const)(
    "refuses its call from a client that shows no views, and runs it for one that does, on %s",
    async (revision) => {
      const plain = await connect(revision, false);
      try {
        const refused = await plain.callTool({ name: "refresh", arguments: {} });
        expect(refused.isError).toBe(true);
        expect((refused.content as { text: string }[])[0]!.text).toMatch(APP_ONLY_MESSAGE);
      } finally {
        await plain.close();
      }
      const host = await connect(revision, true);
      try {
        const called = await host.callTool({ name: "refresh", arguments: {} });
        expect(called.isError).toBeFalsy();
        expect(called.content).toEqual([{ type: "text", text: "refreshed" }]);
      } finally {
        await host.close();
      }
    },
  );
});

describe("a shared (public) tools/list cache with a tool only a view may call", () => {
  const listCache = { ttlMs: 60_000, cacheScope: "public" } as const;

  it("is refused where the server is defined, since clients with and without views get different lists", async () => {
    const named =
      /listCache.cacheScope "public" lets any client reuse one tools\/list answer, but agent "weather" lists "refresh" \(ui.visibility \["app"\]\) only to clients that show MCP Apps views\. Use cacheScope: "private"/;
    await expect(serveMcp(makeAgent(), { transport: "http", listCache })).rejects.toThrow(named);
    await expect(serveMcp(makeAgent(), { transport: "stdio", listCache })).rejects.toThrow(TypeError);
    expect(() => mcpFetchHandler(makeAgent(), { listCache })).toThrow(named);
  });

  it("is allowed private, and refused malformed", async () => {
    const server = await serveMcp(makeAgent(), {
      transport: "http",
      listCache: { ttlMs: 60_000, cacheScope: "private" },
    });
    await server.close();
    const wrong = { ttlMs: -1, cacheScope: "shared" } as never;
    expect(() => mcpFetchHandler(makeAgent(), { listCache: wrong })).toThrow(
      /mcpFetchHandler: listCache must be \{ ttlMs: a number of milliseconds >= 0, cacheScope: "private" \| "public" \}; got \{"ttlMs":-1,"cacheScope":"shared"\}/,
    );
  });
});

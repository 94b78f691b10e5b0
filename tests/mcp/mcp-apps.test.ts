// MCP Apps (extension io.modelcontextprotocol/ui, 2026-01-26): a view declared with @resource (a ui:// URI,
// text/html;profile=mcp-app, its _meta.ui), a tool linked to it with `ui`, definition errors for a bad link, served
// on both revisions with the extension negotiated, read with the official v2 client, and kept through an import.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BaseAgent, ToolDefinitionError, ToolRegistry, resource, tool } from "toolwright";
import { type HttpMcpServerHandle, importMcpTools, serveMcp } from "toolwright/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { HTML, WeatherApp } from "./weather-app-agent.js";

jest.setTimeout(20_000);

const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
const APP_MIME = "text/html;profile=mcp-app";
const EXTENSION = "io.modelcontextprotocol/ui";
async function connect(url: string, revision: (typeof REVISIONS)[number], showsApps: boolean): Promise<Client> {
  const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {};
  const capabilities = showsApps ? { capabilities: { extensions: { [EXTENSION]: { mimeTypes: [APP_MIME] } } } } : {};
  const client = new Client({ name: "apps-test", version: "1.0.0" }, { ...pin, ...capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(revision);
  return client;
}

describe("MCP Apps views declared on a class", () => {
  it("refuses a tool whose view is not a ui:// URI, at definition", () => {
    expect(() => {
      class Wrong extends BaseAgent {
        @tool({ description: "x", ui: { resourceUri: "https://example.com/view.html" } })
        show() {
          return 1;
        }
      }
      return Wrong;
    }).toThrow(/`ui.resourceUri` must be a `ui:\/\/` URI/);
  });

  it("refuses a tool linked to a view the class does not declare, naming the views it has", () => {
    class Dangling extends BaseAgent {
      @resource({ uri: "ui://app/main", app: true })
      main() {
        return HTML;
      }

      @tool({ description: "x", ui: { resourceUri: "ui://app/mian" } })
      show() {
        return 1;
      }
    }
    const make = () => new Dangling({ registry: new ToolRegistry() });
    expect(make).toThrow(ToolDefinitionError);
    expect(make).toThrow(/tool "show" shows its results in "ui:\/\/app\/mian".*its views: "ui:\/\/app\/main"/);
  });

  it("refuses app options on a URI outside ui://, a templated view and another mime type", () => {
    const declare = (options: Parameters<typeof resource>[0]) => () => {
      class View extends BaseAgent {
        @resource(options)
        view() {
          return HTML;
        }
      }
      return View;
    };
    expect(declare({ uri: "https://example.com/x", app: true })).toThrow(/must start with "ui:\/\/"/);
    expect(declare({ uri: "ui://app/{id}" })).toThrow(/fixed URI/);
    expect(declare({ uri: "ui://app/x", mimeType: "text/html" })).toThrow(/text\/html;profile=mcp-app/);
    expect(declare({ uri: "ui://app/x", app: { border: true } as never })).toThrow(/`app.border` is not an option/);
  });

  it("leaves the result the model reads as it is", async () => {
    const agent = new WeatherApp({ registry: new ToolRegistry() });
    const linked = await agent.callTool("current", { city: "Oslo" });
    const plain = await agent.callTool("plain", { city: "Oslo" });
    expect(linked.content).toEqual(plain.content);
    expect(linked.ok).toBe(true);
  });
});

describe("MCP Apps views served", () => {
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new WeatherApp({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(async () => server?.close());

  it.each(REVISIONS)(
    "announces the extension and lists the view and the links to a client of views, on %s",
    async (rev) => {
      const client = await connect(server.url, rev, true);
      try {
        const extensions = client.getServerCapabilities()?.extensions;
        expect(extensions?.[EXTENSION]).toEqual({ mimeTypes: [APP_MIME] });
        // One map of extensions: on 2026-07-28 the agent's tasks are announced there beside MCP Apps.
        if (rev === "2026-07-28") expect(extensions?.["io.modelcontextprotocol/tasks"]).toEqual({});
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(["current", "plain", "refresh"]);
        expect(tools[0]!._meta).toEqual({ ui: { resourceUri: "ui://weather/dashboard" } });
        expect(tools[1]!._meta).toBeUndefined();
        expect(tools[2]!._meta).toEqual({ ui: { resourceUri: "ui://weather/dashboard", visibility: ["app"] } });
        const ui = { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true };
        expect((await client.listResources()).resources).toEqual([
          {
            uri: "ui://weather/dashboard",
            name: "dashboard",
            description: "Weather dashboard",
            mimeType: APP_MIME,
            _meta: { ui },
          },
        ]);
        expect((await client.readResource({ uri: "ui://weather/dashboard" })).contents).toEqual([
          { uri: "ui://weather/dashboard", mimeType: APP_MIME, text: HTML, _meta: { ui } },
        ]);
        // The view calls its app-only tool through the host; the result is the tool's own.
        const refreshed = await client.callTool({ name: "refresh", arguments: {} });
        expect(refreshed.content).toEqual([{ type: "text", text: "refreshed" }]);
        const current = await client.callTool({ name: "current", arguments: { city: "Oslo" } });
        const plain = await client.callTool({ name: "plain", arguments: { city: "Oslo" } });
        expect(current.content).toEqual(plain.content);
        expect(current.structuredContent).toEqual({ city: "Oslo", celsius: 4 });
      } finally {
        await client.close();
      }
    },
  );

  it.each(REVISIONS)("keeps a tool only a view calls from a client that shows no views, on %s", async (rev) => {
    const client = await connect(server.url, rev, false);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["current", "plain"]);
      expect(tools[0]!._meta).toEqual({ ui: { resourceUri: "ui://weather/dashboard" } });
    } finally {
      await client.close();
    }
  });
});

describe("MCP Apps views imported and served again", () => {
  class Hub extends BaseAgent {
    static override agentName = "hub";
  }
  let remote: HttpMcpServerHandle;
  let hub: HttpMcpServerHandle;
  let imported: Awaited<ReturnType<typeof importMcpTools>>;
  const registry = new ToolRegistry();

  beforeAll(async () => {
    remote = await serveMcp(new WeatherApp({ registry: new ToolRegistry() }), { transport: "http" });
    const agent = new Hub({ registry });
    imported = await importMcpTools(new StreamableHTTPClientTransport(new URL(remote.url)), {
      registry,
      allowedAgents: ["hub"],
      prefix: "w_",
    });
    hub = await serveMcp(agent, { transport: "http", imported: [imported] });
  });
  afterAll(async () => {
    await hub?.close();
    await imported?.close();
    await remote?.close();
  });

  it("keeps each imported tool's view as its ui option, and no tool only a view calls", () => {
    expect(imported.tools.map((t) => t.name)).toEqual(["w_current", "w_plain"]);
    expect(imported.tools.find((t) => t.name === "w_current")?.ui).toEqual({ resourceUri: "ui://weather/dashboard" });
    expect(imported.tools.find((t) => t.name === "w_plain")?.ui).toBeUndefined();
  });

  it.each(REVISIONS)("serves the links and the imported view again, on %s", async (rev) => {
    const client = await connect(hub.url, rev, true);
    try {
      expect(client.getServerCapabilities()?.extensions?.[EXTENSION]).toEqual({ mimeTypes: [APP_MIME] });
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === "w_current")?._meta).toEqual({
        ui: { resourceUri: "ui://weather/dashboard" },
      });
      const read = await client.readResource({ uri: "ui://weather/dashboard" });
      expect(read.contents).toEqual([
        {
          uri: "ui://weather/dashboard",
          mimeType: APP_MIME,
          text: HTML,
          _meta: { ui: { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true } },
        },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe("MCP Apps links of a server written with SDK v1", () => {
  it("imports the deprecated flat ui/resourceUri as ui, and leaves out a listed app-only tool", async () => {
    const server = new McpServer({ name: "v1-apps", version: "1.0.0" });
    const answer = () => ({ content: [{ type: "text" as const, text: "ok" }] });
    server.registerTool("chart", { description: "Chart", _meta: { "ui/resourceUri": "ui://charts/bar" } }, answer);
    server.registerTool(
      "chart_zoom",
      { description: "Zoom", _meta: { ui: { resourceUri: "ui://charts/bar", visibility: ["app"] } } },
      answer,
    );
    server.registerTool(
      "chart_web",
      { description: "Not a view", _meta: { ui: { resourceUri: "https://example.com/chart" } } },
      answer,
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const registry = new ToolRegistry();
    const imported = await importMcpTools(clientSide, { registry, allowedAgents: ["hub"] });
    try {
      expect(imported.tools.map((t) => [t.name, t.ui])).toEqual([
        ["chart", { resourceUri: "ui://charts/bar" }],
        ["chart_web", undefined],
      ]);
    } finally {
      await imported.close();
      await server.close();
    }
  });
});

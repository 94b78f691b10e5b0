// The `icons` option: checked when the tool is defined (a clear error naming the icon and what is valid), and listed
// by serveMcp on both revisions, beside `title`.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolDefinitionError, ToolRegistry, toMcpTools, tool } from "toolwright";
import { serveMcp } from "toolwright/mcp";

const ICONS = [
  { src: "https://example.com/chart.png", mimeType: "image/png", sizes: ["48x48", "96x96"], theme: "light" as const },
  { src: "data:image/svg+xml;base64,PHN2Zy8+", mimeType: "image/svg+xml", sizes: ["any"] },
];

class ChartAgent extends BaseAgent {
  static override agentName = "chart_agent";
  @tool({ description: "Draws a chart", title: "Chart", icons: ICONS })
  chart() {
    return "drawn";
  }
}

function define(icons: unknown) {
  const registry = new ToolRegistry();
  return () => registry.register("bad", () => "x", { description: "d", icons: icons as never });
}

describe("tool icons", () => {
  it.each([
    [{ src: "https://x/a.png" }, /`icons` must be an array of icons/],
    [[{ src: "ftp://x/a.png" }], /`icons\[0\]` needs `src`: an https:, http: or data: URL; got "ftp:\/\/x\/a.png"/],
    [[ICONS[0], { src: "https://x/a.png", sizes: ["48"] }], /`icons\[1\]` has `sizes` \["48"\].*"48x48".*"any"/],
    [[{ src: "https://x/a.png", theme: "blue" }], /`icons\[0\]` has `theme` "blue"; it must be "light" or "dark"/],
    [[{ src: "https://x/a.png", mimeType: "png" }], /`icons\[0\]` has `mimeType` "png"; it must be a media type/],
    [[{ url: "https://x/a.png" }], /`icons\[0\]` has an unknown key "url"/],
  ])("refuses %j at definition", (icons, message) => {
    expect(define(icons)).toThrow(ToolDefinitionError);
    expect(define(icons)).toThrow(message);
  });

  it("keeps them on the tool and in toMcpTools", () => {
    const [listed] = toMcpTools(new ChartAgent({ registry: new ToolRegistry() }).tools());
    expect(listed).toMatchObject({ name: "chart", title: "Chart", icons: ICONS });
  });

  it("lists them on 2025-11-25 (v1 client) and 2026-07-28 (v2 client)", async () => {
    const server = await serveMcp(new ChartAgent({ registry: new ToolRegistry() }), { transport: "http" });
    try {
      const legacy = new V1Client({ name: "v1", version: "1.0.0" });
      await legacy.connect(new V1Http(new URL(server.url)));
      expect((await legacy.listTools()).tools[0]).toMatchObject({ title: "Chart", icons: ICONS });
      await legacy.close();
      const modern = new Client(
        { name: "v2", version: "1.0.0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      await modern.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      expect((await modern.listTools()).tools[0]).toMatchObject({ title: "Chart", icons: ICONS });
      await modern.close();
    } finally {
      await server.close();
    }
  });
});

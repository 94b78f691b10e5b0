// MCP Apps views and an imported server's resources and prompts over stdio, both revisions from one spawned server
// each, read with the official v2 client declaring the MCP Apps extension (the same answers as over HTTP:
// mcp-apps.test.ts and import-resources-prompts.test.ts).
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { join } from "node:path";
import { PNG, REMOTE_RESOURCES } from "./catalogue-remote-server.js";
import { HTML } from "./weather-app-agent.js";

jest.setTimeout(60_000);

const SERVER = join(__dirname, "apps-import-stdio-server.ts");
const APP_MIME = "text/html;profile=mcp-app";
const EXTENSION = "io.modelcontextprotocol/ui";

describe("MCP Apps and imported resources over stdio", () => {
  it.each(["2025-11-25", "2026-07-28"])("serves views, links and the imported catalogue on %s", async (revision) => {
    const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" as const } } } : {};
    const capabilities = { extensions: { [EXTENSION]: { mimeTypes: [APP_MIME] } } };
    const client = new Client({ name: "stdio-apps", version: "1.0.0" }, { ...pin, capabilities });
    await client.connect(new StdioClientTransport({ command: "npx", args: ["tsx", SERVER], stderr: "ignore" }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect(client.getServerCapabilities()?.extensions?.[EXTENSION]).toEqual({ mimeTypes: [APP_MIME] });
      const { tools } = await client.listTools();
      expect(tools.map((t) => [t.name, t._meta])).toEqual([
        ["current", { ui: { resourceUri: "ui://weather/dashboard" } }],
        ["plain", undefined],
        ["refresh", { ui: { resourceUri: "ui://weather/dashboard", visibility: ["app"] } }],
      ]);
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(["ui://weather/dashboard", ...REMOTE_RESOURCES.map((r) => r.uri)]);
      expect(resources.slice(1)).toEqual(REMOTE_RESOURCES);
      const view = await client.readResource({ uri: "ui://weather/dashboard" });
      expect(view.contents).toMatchObject([{ mimeType: APP_MIME, text: HTML }]);
      expect((await client.readResource({ uri: "file:///img/b.png" })).contents).toEqual([
        { uri: "file:///img/b.png", mimeType: "image/png", blob: PNG, _meta: { "example.com/origin": "camera" } },
      ]);
      const review = await client.getPrompt({ name: "review", arguments: { path: "file:///docs/a.md" } });
      expect(review.messages.map((m) => m.content.type)).toEqual(["text", "resource", "image"]);
    } finally {
      await client.close();
    }
  });
});

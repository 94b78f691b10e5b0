import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { CSV, PDF, PNG, makeResultsAgent } from "../fixtures/providers/results-agent.js";

jest.setTimeout(20_000);

// The results example agent served over Streamable HTTP and called with the official SDK client, which checks
// structuredContent against the listed outputSchema itself.
describe("serveMcp with typed and rich results", () => {
  let server: HttpMcpServerHandle;
  let client: Client;

  beforeAll(async () => {
    server = await serveMcp(makeResultsAgent(), { transport: "http", port: 0 });
    client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("lists the returns schema as outputSchema and answers with matching structuredContent", async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "forecast")?.outputSchema).toEqual({
      type: "object",
      properties: { city: { type: "string" }, celsius: { type: "number" }, summary: { type: "string" } },
      required: ["city", "celsius", "summary"],
      additionalProperties: false,
    });
    expect(tools.find((t) => t.name === "screenshot")).not.toHaveProperty("outputSchema");
    const result = await client.callTool({ name: "forecast", arguments: { city: "Oslo" } });
    expect(result.structuredContent).toEqual({ city: "Oslo", celsius: 21.5, summary: "sunny" });
    expect(result.isError).toBeUndefined();
  });

  it("answers a screenshot with a text block and an image block", async () => {
    const result = await client.callTool({ name: "screenshot", arguments: {} });
    expect(result.content).toEqual([
      { type: "text", text: "The page as it looks now:" },
      { type: "image", data: PNG, mimeType: "image/png" },
    ]);
  });

  it("answers files as embedded resources, a link as resource_link and a voice note as audio", async () => {
    const report = await client.callTool({ name: "report", arguments: {} });
    expect(report.content).toEqual([
      { type: "text", text: "Sales report attached." },
      { type: "resource", resource: { uri: "attachment:sales.pdf", mimeType: "application/pdf", blob: PDF } },
      { type: "resource", resource: { uri: "attachment:sales.csv", mimeType: "text/csv", blob: CSV } },
      { type: "resource_link", uri: "https://example.com/reports/42", name: "report 42", mimeType: "text/html" },
    ]);
    const voice = await client.callTool({ name: "voice", arguments: {} });
    expect(voice.content).toEqual([{ type: "audio", data: "UklGRg==", mimeType: "audio/wav" }]);
  });
});

import { BaseAgent, ToolDefinitionError, ToolRegistry } from "../../src/index.js";
import { importMcpTools } from "../../src/mcp/import-mcp-tools.js";
import { connectSdkServer } from "./sdk-test-server.js";

jest.setTimeout(20_000);

function makeAgents(registry: ToolRegistry) {
  class Forecaster extends BaseAgent {
    static override agentName = "forecaster";
  }
  class Outsider extends BaseAgent {
    static override agentName = "outsider";
  }
  return { forecaster: new Forecaster({ registry }), outsider: new Outsider({ registry }) };
}

describe("importMcpTools from a server written with the MCP SDK", () => {
  const registry = new ToolRegistry();
  const { forecaster, outsider } = makeAgents(registry);
  let sdk: Awaited<ReturnType<typeof connectSdkServer>>;
  let imported: Awaited<ReturnType<typeof importMcpTools>>;

  beforeAll(async () => {
    sdk = await connectSdkServer();
    imported = await importMcpTools(sdk.clientSide, {
      registry,
      allowedAgents: ["forecaster"],
      prefix: "wx_",
      timeoutMs: 500,
    });
  });

  afterAll(async () => {
    await imported?.close();
    await sdk?.server.close();
  });

  it("registers every remote tool under the prefix, with its schema, title and hints", () => {
    expect(imported.tools.map((t) => t.name)).toEqual([
      "wx_forecast",
      "wx_temperature",
      "wx_radar",
      "wx_alerts",
      "wx_slow",
    ]);
    const forecast = registry.get("wx_forecast");
    expect(forecast).toMatchObject({
      description: "Weather forecast for a city",
      title: "Forecast",
      readOnly: true,
      openWorld: true,
      allowedAgents: ["forecaster"],
    });
    expect(forecast.inputSchema).toMatchObject({ type: "object", required: ["city"] });
    expect(forecast.inputSchema).not.toHaveProperty("$schema");
  });

  it("forwards a valid call and answers the server's text", async () => {
    const result = await forecaster.callTool("wx_forecast", { city: "Lyon", days: 2 });
    expect(result).toMatchObject({ ok: true, outcome: "success", content: "Lyon: sunny for 2 day(s)" });
  });

  it("validates against the remote schema locally, so a bad call never reaches the server", async () => {
    const before = sdk.calls.length;
    const result = await forecaster.callTool("wx_forecast", { days: 9 });
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.issues?.map((i) => i.path).sort()).toEqual(["/city", "/days"]);
    expect(sdk.calls.length).toBe(before);
  });

  it("keeps the imported tools from agents outside allowedAgents", async () => {
    expect(outsider.toolSpecs().map((s) => s.name)).toEqual([]);
    const result = await outsider.callTool("wx_forecast", { city: "Lyon" });
    expect(result).toMatchObject({ ok: false, outcome: "denied" });
  });

  it("answers structuredContent when the server sends it, and non-text content blocks as they are", async () => {
    expect((await forecaster.callTool("wx_temperature", { city: "Oslo" })).content).toEqual({ celsius: 21 });
    expect((await forecaster.callTool("wx_radar", {})).content).toEqual([
      { type: "text", text: "radar:" },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
    ]);
  });

  it("turns an isError result into a failed result carrying the server's text", async () => {
    const result = await forecaster.callTool("wx_alerts", { region: "north" });
    expect(result).toMatchObject({
      ok: false,
      outcome: "failed",
      toolName: "wx_alerts",
      error: { code: "TOOL_FAILED" },
    });
    expect(result.error?.message).toContain("no alert feed for region north");
  });

  it("fails a call the server does not answer within timeoutMs instead of hanging", async () => {
    const result = await forecaster.callTool("wx_slow", {});
    expect(result).toMatchObject({ ok: false, outcome: "timed_out", error: { code: "TIMEOUT" } });
    expect(result.error?.message).toMatch(/did not finish within 500 ms/);
  });
});

describe("importMcpTools when the server goes away", () => {
  it("fails calls with a clear message once the connection is closed", async () => {
    const registry = new ToolRegistry();
    const { forecaster } = makeAgents(registry);
    const sdk = await connectSdkServer();
    await sdk.client.connect(sdk.clientSide);
    await importMcpTools(sdk.client, { registry, allowedAgents: ["forecaster"] });
    await sdk.server.close();
    const result = await forecaster.callTool("forecast", { city: "Lyon" });
    expect(result).toMatchObject({ ok: false, outcome: "failed" });
    expect(result.error?.message).toMatch(
      /could not get an answer from MCP server "weather-server": (Not connected|Connection closed)/,
    );
  });
});

describe("importMcpTools registration", () => {
  it("adds nothing when one remote tool cannot be registered (a name with a dot)", async () => {
    const registry = new ToolRegistry();
    const sdk = await connectSdkServer({ extraTool: "admin.purge" });
    await expect(importMcpTools(sdk.clientSide, { registry, allowedAgents: ["forecaster"] })).rejects.toThrow(
      ToolDefinitionError,
    );
    expect(registry.specs()).toEqual([]);
    await sdk.server.close();
  });

  it("refuses names the registry already has, and suggests a prefix", async () => {
    const registry = new ToolRegistry();
    registry.register("forecast", () => "local", { description: "A local forecast" });
    const sdk = await connectSdkServer();
    await sdk.client.connect(sdk.clientSide);
    await expect(importMcpTools(sdk.client, { registry, allowedAgents: [] })).rejects.toThrow(/forecast.*prefix/);
    expect(registry.specs().map((s) => s.name)).toEqual(["forecast"]);
    await sdk.client.close();
  });

  it("closes only a client it created: a client it was given stays open", async () => {
    const registry = new ToolRegistry();
    const sdk = await connectSdkServer();
    await sdk.client.connect(sdk.clientSide);
    const imported = await importMcpTools(sdk.client, { registry, allowedAgents: [] });
    await imported.close();
    await expect(sdk.client.listTools()).resolves.toHaveProperty("tools");
    await sdk.client.close();
  });
});

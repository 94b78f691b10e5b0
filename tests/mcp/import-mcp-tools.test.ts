import { BaseAgent, ToolDefinitionError, ToolRegistry, isContentResult, p, tool } from "toolwright";
import { importMcpTools } from "toolwright/mcp";
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

  it("answers structuredContent when the server sends it, and other content blocks as toolwright parts", async () => {
    expect((await forecaster.callTool("wx_temperature", { city: "Oslo" })).content).toEqual({ celsius: 21 });
    const radar = (await forecaster.callTool("wx_radar", {})).content;
    expect(isContentResult(radar)).toBe(true);
    expect(radar).toEqual({
      type: "content",
      parts: [
        { type: "text", text: "radar:" },
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
      ],
    });
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
  it("adds nothing when one remote tool cannot be registered (a name the registry has)", async () => {
    const registry = new ToolRegistry();
    registry.register("alerts", () => "local", { description: "Local alerts" });
    const sdk = await connectSdkServer();
    await expect(importMcpTools(sdk.clientSide, { registry, allowedAgents: ["forecaster"] })).rejects.toThrow(
      ToolDefinitionError,
    );
    expect(registry.specs().map((s) => s.name)).toEqual(["alerts"]);
    await sdk.server.close();
  });

  it("imports a dotted MCP name under a provider-legal one and calls it by its own name", async () => {
    const registry = new ToolRegistry();
    const { forecaster } = makeAgents(registry);
    const sdk = await connectSdkServer({ extraTool: "admin.purge" });
    const imported = await importMcpTools(sdk.clientSide, { registry, allowedAgents: ["forecaster"] });
    expect(imported.names.get("admin_purge")).toBe("admin.purge");
    expect(await forecaster.callTool("admin_purge", {})).toMatchObject({ ok: true, content: "" });
    expect(sdk.calls).toContain("admin.purge");
    await imported.close();
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

  it("adds nothing when a remote tool clashes with an allowed agent's own tool, and a retry with a prefix works", async () => {
    const registry = new ToolRegistry();
    class Thermometer extends BaseAgent {
      static override agentName = "thermometer";
      @tool({ description: "The local temperature", params: { city: p.string() } })
      temperature({ city }: { city: string }) {
        return `${city}: 18`;
      }
    }
    const agent = new Thermometer({ registry });
    const sdk = await connectSdkServer();
    await sdk.client.connect(sdk.clientSide);
    try {
      // "temperature" is the server's second tool: "forecast" is registered before the clash is found.
      await expect(importMcpTools(sdk.client, { registry, allowedAgents: ["thermometer"] })).rejects.toThrow(
        ToolDefinitionError,
      );
      expect(registry.specs()).toEqual([]);
      expect(agent.toolSpecs().map((s) => s.name)).toEqual(["temperature"]);

      const imported = await importMcpTools(sdk.client, { registry, allowedAgents: ["thermometer"], prefix: "wx_" });
      expect(registry.specs().map((s) => s.name)).toEqual(imported.tools.map((t) => t.name));
      expect((await agent.callTool("wx_forecast", { city: "Lyon" })).content).toBe("Lyon: sunny for 1 day(s)");
      expect((await agent.callTool("temperature", { city: "Lyon" })).content).toBe("Lyon: 18");
    } finally {
      await sdk.client.close();
    }
  });

  it("closes the client it created when registration fails", async () => {
    const registry = new ToolRegistry();
    registry.register("radar", () => "local", { description: "A local radar" });
    const sdk = await connectSdkServer();
    let closed = false;
    sdk.clientSide.onclose = () => void (closed = true);
    await expect(importMcpTools(sdk.clientSide, { registry, allowedAgents: [] })).rejects.toThrow(/radar.*prefix/);
    expect(registry.specs().map((s) => s.name)).toEqual(["radar"]);
    expect(closed).toBe(true);
    await sdk.server.close();
  });

  it("unregisters the imported tools on close, leaving a tool registered since under one of their names", async () => {
    const registry = new ToolRegistry();
    const { forecaster } = makeAgents(registry);
    const sdk = await connectSdkServer();
    const imported = await importMcpTools(sdk.clientSide, { registry, allowedAgents: ["forecaster"] });
    registry.unregister("radar");
    registry.register("radar", () => "local radar", { description: "A local radar" });
    await imported.close();
    await imported.close();
    expect(registry.specs()).toMatchObject([{ name: "radar", description: "A local radar" }]);
    expect(forecaster.toolSpecs().map((s) => s.name)).toEqual(["radar"]);
    await sdk.server.close();
  });

  it("closes only a client it created: a client it was given stays open", async () => {
    const registry = new ToolRegistry();
    const sdk = await connectSdkServer();
    await sdk.client.connect(sdk.clientSide);
    const imported = await importMcpTools(sdk.client, { registry, allowedAgents: [] });
    await imported.close();
    expect(registry.specs()).toEqual([]);
    await expect(sdk.client.listTools()).resolves.toHaveProperty("tools");
    await sdk.client.close();
  });
});

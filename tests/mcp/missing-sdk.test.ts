// Simulates a project without the optional peer dependency: every SDK module fails as Node fails for a missing one.
function missing(specifier: string): never {
  throw Object.assign(new Error(`Cannot find module '${specifier}' from 'src/mcp/load-sdk.ts'`), {
    code: "MODULE_NOT_FOUND",
  });
}
jest.mock("@modelcontextprotocol/sdk/server/index.js", () => missing("@modelcontextprotocol/sdk/server/index.js"));
jest.mock("@modelcontextprotocol/sdk/client/index.js", () => missing("@modelcontextprotocol/sdk/client/index.js"));
// serveMcp runs on the SDK v2 server package.
jest.mock("@modelcontextprotocol/server", () => missing("@modelcontextprotocol/server"));
jest.mock("@modelcontextprotocol/server/stdio", () => missing("@modelcontextprotocol/server/stdio"));
jest.mock("@modelcontextprotocol/client", () => missing("@modelcontextprotocol/client"));

import { BaseAgent, ToolRegistry } from "toolwright";
import { importMcpTools, mcpFetchHandler, serveMcp } from "toolwright/mcp";
import { importMcpSdk } from "../../src/mcp/load-sdk.js";

describe("without the MCP SDK packages installed", () => {
  const registry = new ToolRegistry();
  class Lonely extends BaseAgent {}

  it("imports toolwright and its MCP functions without loading the SDK", () => {
    expect(typeof serveMcp).toBe("function");
    expect(typeof importMcpTools).toBe("function");
  });

  it("rejects serveMcp with an error naming the package and the install command", async () => {
    const failure = serveMcp(new Lonely({ registry }), { transport: "stdio" });
    await expect(failure).rejects.toThrow(
      'serveMcp needs the optional peer dependency "@modelcontextprotocol/server", which is not installed. ' +
        "Install it next to toolwright: npm install @modelcontextprotocol/server",
    );
  });

  it("makes a fetch handler without loading the SDK, and answers each request 500 naming the package", async () => {
    const handler = mcpFetchHandler(new Lonely({ registry }));
    const response = await handler(new Request("http://localhost/mcp", { method: "POST", body: "{}" }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32000,
        message: expect.stringContaining(
          'mcpFetchHandler needs the optional peer dependency "@modelcontextprotocol/server", which is not installed.',
        ),
      },
    });
    await handler.close();
  });

  it("rejects importMcpTools given a transport the same way", async () => {
    const transport = { start: async () => {}, send: async () => {}, close: async () => {} };
    await expect(importMcpTools(transport, { registry, allowedAgents: [] })).rejects.toThrow(
      /importMcpTools given a transport needs an MCP client: the optional peer dependency "@modelcontextprotocol\/client" \(or "@modelcontextprotocol\/sdk"\), and neither is installed\. Install it next to toolwright: npm install @modelcontextprotocol\/client/,
    );
  });

  it("passes any other loading failure through unchanged", async () => {
    const broken = new SyntaxError("Unexpected token");
    await expect(importMcpSdk("serveMcp", () => Promise.reject(broken))).rejects.toBe(broken);
  });
});

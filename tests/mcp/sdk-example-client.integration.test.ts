import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { serveMcp } from "toolwright/mcp";
import { makeCalcAgent } from "./mcp-test-agents.js";

// The example client that ships with the MCP SDK lists the tools, calls "start-notification-stream", waits 5 s and
// disconnects: a client nobody here wrote.
const EXAMPLE = require.resolve("@modelcontextprotocol/sdk/examples/client/streamableHttpWithSseFallbackClient.js");

jest.setTimeout(30_000);

describe("the MCP SDK's own example client", () => {
  it("lists and calls the tools of a toolwright agent served over Streamable HTTP", async () => {
    const server = await serveMcp(makeCalcAgent().agent, { transport: "http", port: 0 });
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [EXAMPLE, server.url], { timeout: 20_000 });
      expect(stdout).toContain("Successfully connected using modern Streamable HTTP transport");
      expect(stdout).toContain("- multiply: Multiply two numbers");
      expect(stdout).toContain("would send 5 notifications every 1000 ms");
      expect(stdout).toContain("Disconnected from MCP server");
    } finally {
      await server.close();
    }
  });
});

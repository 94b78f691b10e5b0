import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serveMcp } from "toolwright/mcp";
import { makeCalcAgent } from "../mcp/mcp-test-agents.js";

jest.setTimeout(20_000);

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe("an MCP HTTP server whose session cap is full", () => {
  it("closes the least recently used idle session to admit a new client", async () => {
    const { agent } = makeCalcAgent();
    const server = await serveMcp(agent, { transport: "http", port: 0, maxSessions: 2 });
    const hog = await connect(server.url);
    const regular = await connect(server.url);
    try {
      await regular.listTools(); // used after hog: hog is now the least recently used
      const newcomer = await connect(server.url);
      await expect(newcomer.listTools()).resolves.toHaveProperty("tools");
      await expect(regular.listTools()).resolves.toHaveProperty("tools");
      await expect(hog.listTools()).rejects.toThrow(/Session not found|404/);
      await newcomer.close();
    } finally {
      await Promise.allSettled([hog.close(), regular.close()]);
      await server.close();
    }
  });
});

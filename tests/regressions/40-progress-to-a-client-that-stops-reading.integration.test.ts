// Issue 40, item 8: progress notifications were written whatever the client read, so a client that sent a progress
// token and stopped reading made the server buffer every update (~1.2 KB each; three clients of a 200,000-row tool:
// +720 MB). While the client is behind, only the latest update of the call now waits; the final one still arrives,
// before the result. A raw HTTP client on loopback that pauses its response; every wait is bounded.
import { type IncomingMessage, request } from "node:http";
import { BaseAgent, type ToolCallContext, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

jest.setTimeout(30_000);

const STEPS = 4_000;
const state = { finished: false };

class Exporter extends BaseAgent {
  static override agentName = "exporter";
  @tool({ description: "Exports rows, reporting each", params: { rows: p.integer() } })
  async export({ rows }: { rows: number }, context: ToolCallContext) {
    const padding = "x".repeat(4_000);
    for (let row = 1; row <= rows; row++) {
      context.reportProgress({ progress: row, total: rows, message: `row ${row} ${padding}` });
      if (row % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    state.finished = true;
    return `exported ${rows} rows`;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1_000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

/** Posts a 2026-07-28 tools/call with a progress token and pauses the response as soon as it starts. */
function pausedCall(url: string): Promise<IncomingMessage> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name: "export",
      arguments: { rows: STEPS },
      _meta: {
        progressToken: "t1",
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "export",
        },
      },
      (res) => {
        res.pause();
        resolve(res);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("40.8: progress to a client that stops reading", () => {
  let server: HttpMcpServerHandle | undefined;
  afterAll(() => server?.close());

  it("keeps only the latest update while the client is behind; the final update and the result still arrive", async () => {
    server = await serveMcp(new Exporter({ registry: new ToolRegistry() }), { transport: "http" });
    const res = await pausedCall(server.url);
    await until(() => state.finished, "the tool has reported every row");
    // Give the server a moment to write what it holds; then read everything.
    await new Promise((resolve) => setTimeout(resolve, 200));
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => (text += chunk));
    res.resume();
    await new Promise<void>((resolve) => res.once("end", () => resolve()));

    const messages = text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => JSON.parse(line.slice(5)) as { method?: string; params?: { progress: number }; result?: unknown });
    const progress = messages.filter((message) => message.method === "notifications/progress");
    // ~16 MB of updates were reported; the client, not reading, is sent far fewer of them.
    expect(progress.length).toBeLessThan(STEPS / 2);
    expect(progress.at(-1)?.params?.progress).toBe(STEPS);
    const steps = progress.map((message) => message.params!.progress);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(messages.at(-1)?.result).toMatchObject({ content: [{ type: "text", text: `exported ${STEPS} rows` }] });
  });
});

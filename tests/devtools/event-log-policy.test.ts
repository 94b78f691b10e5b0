import { request } from "node:http";
import { join } from "node:path";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { startDevServer } from "../../src/devtools/index.js";
import { EventLog, type LogEntry } from "../../src/devtools/event-log.js";

// The dev tools' log (issue 38): per call, the session it named, whether its output was untrusted (sent in an
// envelope), the repeat guard's note or refusal, and a cache hit.
class Desk extends BaseAgent {
  static override agentName = "policy_desk";

  @tool({ description: "Read a page", params: { url: p.string() }, openWorld: true, readOnly: true, repeat: false })
  page({ url }: { url: string }) {
    return `page ${url}`;
  }

  @tool({ description: "Count", params: {}, readOnly: true, repeat: { nudgeAt: 2, refuseAt: 3 } })
  count() {
    return 1;
  }

  @tool({ description: "Price", params: { sku: p.string() }, readOnly: true, cache: { ttlMs: 60_000 }, repeat: false })
  price({ sku }: { sku: string }) {
    return `${sku}: 12`;
  }
}

function ends(entries: readonly LogEntry[]) {
  return entries
    .filter((e) => e.event === "after")
    .map(({ tool, session, untrusted, cached, repeat, outcome }) => ({
      tool,
      session,
      untrusted,
      cached,
      repeat,
      outcome,
    }));
}

describe("the dev tools' log of policy (issue 38)", () => {
  it("records each call's session, untrusted output, repeat-guard note and refusal, and cache hit", async () => {
    const agent = new Desk({ registry: new ToolRegistry() });
    const log = new EventLog([agent], () => undefined);
    await agent.callTool("page", { url: "u" }, { session: "s1" });
    for (let i = 0; i < 3; i++) await agent.callTool("count", {}, { session: "s1" });
    await agent.callTool("price", { sku: "a" });
    await agent.callTool("price", { sku: "a" });
    log.close();

    expect(ends(log.entries())).toEqual([
      { tool: "page", session: "s1", untrusted: true, cached: undefined, repeat: undefined, outcome: "success" },
      { tool: "count", session: "s1", untrusted: undefined, cached: undefined, repeat: undefined, outcome: "success" },
      { tool: "count", session: "s1", untrusted: undefined, cached: undefined, repeat: "nudged", outcome: "success" },
      { tool: "count", session: "s1", untrusted: undefined, cached: undefined, repeat: "refused", outcome: "denied" },
      {
        tool: "price",
        session: undefined,
        untrusted: undefined,
        cached: undefined,
        repeat: undefined,
        outcome: "success",
      },
      { tool: "price", session: undefined, untrusted: undefined, cached: true, repeat: undefined, outcome: "success" },
    ]);
    expect(log.entries().find((e) => e.event === "before" && e.tool === "page")?.session).toBe("s1");
  });

  it("calls a tool in the session the page names, and refuses a session that is no session id", async () => {
    const server = await startDevServer({
      agents: [new Desk({ registry: new ToolRegistry() })],
      module: "desk.ts",
      assetsDir: join(__dirname, "../../src/devtools/page"),
    });
    try {
      const call = (session: unknown) =>
        post(server.port, `/${server.token}/api/call`, { agent: "policy_desk", tool: "count", args: {}, session });
      await call("tab-1");
      expect(JSON.parse((await call("tab-1")).body).result.notice).toMatch(/call 2 in a row/);
      expect(JSON.parse((await call("tab-2")).body).result.notice).toBeUndefined();
      const refused = await call("");
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).error).toMatch(/session must be a non-empty string/);
      // Half of an emoji (JSON carries it as "\ud83d"): refused with why, not a failed request.
      const lone = await call("tab-\uD83D");
      expect(lone.status).toBe(400);
      expect(JSON.parse(lone.body).error).toMatch(/no lone surrogate/);
    } finally {
      await server.close();
    }
  });
});

function post(port: number, path: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${port}`, "content-type": "application/json" };
    const req = request({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

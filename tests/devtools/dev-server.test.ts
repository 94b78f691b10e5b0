import { request } from "node:http";
import { join } from "node:path";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type DevServer, startDevServer } from "../../src/devtools/index.js";

// The server in process (no browser): what it answers, and that a refused request runs nothing.
let runs = 0;

class CounterAgent extends BaseAgent {
  static override agentName = "counter";

  @tool({ description: "Count one up", params: { by: p.integer({ minimum: 1 }) } })
  bump({ by }: { by: number }) {
    runs += by;
    return runs;
  }

  @tool({ description: "Reset", params: {}, requiresApproval: true })
  reset() {
    runs = 0;
    return "reset";
  }
}

let server: DevServer;
let host: string;

function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: server.port, method, path, headers: { host, ...headers } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const json = { "content-type": "application/json" };
const base = () => `/${server.token}`;

beforeAll(async () => {
  const agent = new CounterAgent({ registry: new ToolRegistry() });
  server = await startDevServer({
    agents: [agent],
    module: "counter.ts",
    assetsDir: join(__dirname, "../../src/devtools/page"),
  });
  host = `127.0.0.1:${server.port}`;
});

afterAll(() => server.close());

beforeEach(() => {
  runs = 0;
});

describe("startDevServer", () => {
  it("listens on 127.0.0.1 and prints an address that carries its token", () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/${server.token}/`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it("serves the page with its token, with a strict content policy and no CORS header", async () => {
    const page = await send("GET", `${base()}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script type="module" src="app.js">');
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
    expect((await send("GET", `${base()}/app.js`)).headers["content-type"]).toMatch(/^text\/javascript/);
    // Only the page's own files are served: a path out of the token's folder leaves the token behind.
    expect((await send("GET", `${base()}/../../package.json`)).status).toBe(403);
    expect((await send("GET", `${base()}/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it("calls a tool through callTool and answers the result with the model's form of it", async () => {
    const answer = await send("POST", `${base()}/api/call`, json, { agent: "counter", tool: "bump", args: { by: 2 } });
    expect(JSON.parse(answer.body)).toMatchObject({
      result: { ok: true, content: 2 },
      model: { content: [{ type: "text", text: "2" }] },
    });
    const invalid = await send("POST", `${base()}/api/call`, json, { agent: "counter", tool: "bump", args: "{}" });
    expect(JSON.parse(invalid.body).model.content[0].text).toMatch(/^Error \(INVALID_ARGUMENTS\): .*by/);
    expect(runs).toBe(2);
  });

  it("refuses with 403, and runs nothing for, a request without the token, from another origin or Host", async () => {
    const call = { agent: "counter", tool: "bump", args: { by: 1 } };
    const refused = [
      await send("POST", "/api/call", json, call),
      await send("POST", `/${server.token.slice(1)}/api/call`, json, call),
      await send("POST", `${base()}/api/call`, { ...json, origin: "http://evil.example" }, call),
      await send("POST", `${base()}/api/call`, { ...json, "sec-fetch-site": "cross-site" }, call),
      await send("POST", `${base()}/api/call`, { ...json, host: `evil.example:${server.port}` }, call),
      await send("POST", `${base()}/api/call`, { "content-type": "text/plain" }, call),
      await send("GET", "/events"),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(runs).toBe(0);
  });

  it("holds a call for approval, refuses an invalid edit and keeps it pending, then runs the approved one", async () => {
    const held = JSON.parse((await send("POST", `${base()}/api/call`, json, { agent: "counter", tool: "reset" })).body);
    expect(held.result.outcome).toBe("awaiting_approval");
    const activity = JSON.parse((await send("GET", `${base()}/api/activity`)).body);
    expect(activity.approvals).toMatchObject([{ agent: "counter", toolName: "reset", id: held.result.approvalId }]);
    const edit = { agent: "counter", id: held.result.approvalId, args: { extra: 1 } };
    const badEdit = JSON.parse((await send("POST", `${base()}/api/approve`, json, edit)).body);
    expect(badEdit.error).toMatch(/extra/);
    const approved = await send("POST", `${base()}/api/approve`, json, {
      agent: "counter",
      id: held.result.approvalId,
    });
    expect(JSON.parse(approved.body).result).toMatchObject({ ok: true, content: "reset" });
  });

  it("answers 404 naming what is unknown: an agent, a tool, a route", async () => {
    expect(JSON.parse((await send("POST", `${base()}/api/call`, json, { agent: "nobody", tool: "x" })).body)).toEqual({
      error: 'unknown agent "nobody"',
    });
    const forms = await send("GET", `${base()}/api/forms?agent=counter&tool=nope`);
    expect(forms.status).toBe(404);
    expect(JSON.parse(forms.body).error).toBe('agent counter has no tool "nope"');
    expect((await send("GET", `${base()}/api/nothing`)).status).toBe(404);
  });
});

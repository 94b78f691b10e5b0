// Issue 37: an endpoint that verifies bearer tokens says in `tools/list` what each tool needs (`securitySchemes`,
// SEP-1488 and the OpenAI Apps SDK convention): an OAuth token with the endpoint's required scopes and the tool's
// `authScopes`, on the tool and in its `_meta`; an endpoint without auth says nothing. Read with both official clients.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { TokenTable, filesAgent } from "./auth-fixtures.js";

jest.setTimeout(20_000);

const OPEN = [{ type: "oauth2", scopes: ["mcp"] }];
const WRITE = [{ type: "oauth2", scopes: ["mcp", "files:write"] }];

describe("securitySchemes of the listed tools", () => {
  const table = new TokenTable();
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(filesAgent(), { transport: "http", auth: table.auth() });
    table.resource = server.url;
    table.issue("alice", "alice", ["mcp"]);
  });
  afterAll(async () => server?.close());

  it("lists each tool's scheme on 2025-11-25 (SDK v1 client), on the tool and in _meta", async () => {
    // The v1 client drops tool fields its schema does not know, so the wire's are read as they arrive.
    const bodies: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      // Only POST answers end; a GET stream stays open.
      if (init?.method === "POST") bodies.push(await response.clone().text());
      return response;
    };
    const client = new Client({ name: "schemes", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: "Bearer alice" } },
        fetch: recording,
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t._meta?.securitySchemes)).toEqual([OPEN, WRITE, OPEN]);
      const listed = bodies
        .flatMap((body) => body.split("\n"))
        .map((line) => line.replace(/^data: /, ""))
        .filter((line) => line.includes('"tools":['))
        .map((line) => JSON.parse(line) as { result: { tools: { name: string; securitySchemes?: unknown }[] } });
      expect(listed).toHaveLength(1);
      const schemes = Object.fromEntries(listed[0]!.result.tools.map((t) => [t.name, t.securitySchemes]));
      expect(schemes).toEqual({ read: OPEN, remove: WRITE, whoami: OPEN });
    } finally {
      await client.close();
    }
  });

  it("lists the same to a 2026-07-28 client (SDK v2)", async () => {
    const client = new Client2({ name: "v2", version: "1.0.0" }, {
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    } as never);
    await client.connect(new Transport2(new URL(server.url), { authProvider: { token: async () => "alice" } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t._meta?.securitySchemes)).toEqual([OPEN, WRITE, OPEN]);
    } finally {
      await client.close();
    }
  });

  it("is left out where the endpoint verifies no token", async () => {
    const open = await serveMcp(filesAgent(), { transport: "http" });
    const client = new Client({ name: "schemes", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(open.url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => [t._meta, (t as { securitySchemes?: unknown }).securitySchemes])).toEqual([
        [undefined, undefined],
        [undefined, undefined],
        [undefined, undefined],
      ]);
    } finally {
      await client.close();
      await open.close();
    }
  });
});

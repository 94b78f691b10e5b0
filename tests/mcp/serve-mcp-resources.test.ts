// Resources, prompts and completions from @resource and @prompt methods, served over Streamable HTTP and read with
// the official v2 client on both revisions (2025-11-25 in its legacy mode, 2026-07-28 pinned), and per agent: an
// agent named "admin" sees what `allowedAgents: ["admin"]` keeps from the others. The v1 client (2025-11-25) and a
// stateless server (a fresh MCP server per request) get the same answers.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolRegistry } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { LibraryAgent } from "./library-agent.js";
import { checkCompletions, checkPrompts, checkResources } from "./resource-prompt-checks.js";

jest.setTimeout(20_000);

const REVISIONS = ["2025-11-25", "2026-07-28"] as const;

async function connect(url: string, revision: (typeof REVISIONS)[number]): Promise<Client> {
  const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {};
  const client = new Client({ name: "resources-test", version: "1.0.0" }, pin);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(revision);
  return client;
}

describe("serveMcp resources and prompts over HTTP", () => {
  let server: HttpMcpServerHandle;
  let admin: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new LibraryAgent({ registry: new ToolRegistry() }), { transport: "http" });
    admin = await serveMcp(new LibraryAgent({ name: "admin", registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(async () => {
    await server?.close();
    await admin?.close();
  });

  it.each(REVISIONS)("announces fixed resources and prompts, with completions, on %s", async (revision) => {
    const client = await connect(server.url, revision);
    try {
      expect(client.getServerCapabilities()).toMatchObject({
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      });
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["count"]);
    } finally {
      await client.close();
    }
  });

  it.each(REVISIONS)("lists and reads resources on %s", async (revision) => {
    const client = await connect(server.url, revision);
    try {
      await checkResources(client);
    } finally {
      await client.close();
    }
  });

  it.each(REVISIONS)("lists and gets prompts on %s", async (revision) => {
    const client = await connect(server.url, revision);
    try {
      await checkPrompts(client);
    } finally {
      await client.close();
    }
  });

  it.each(REVISIONS)("completes template variables and prompt arguments on %s", async (revision) => {
    const client = await connect(server.url, revision);
    try {
      await checkCompletions(client);
    } finally {
      await client.close();
    }
  });

  it.each(REVISIONS)("serves an allowed agent what allowedAgents keeps from others, on %s", async (revision) => {
    const client = await connect(admin.url, revision);
    try {
      expect((await client.listResources()).resources.map((r) => r.uri)).toContain("secret://plans");
      expect((await client.readResource({ uri: "secret://plans" })).contents).toEqual([
        { uri: "secret://plans", text: "the plans" },
      ]);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["review", "summarise", "audit"]);
      expect((await client.getPrompt({ name: "audit" })).messages).toEqual([
        { role: "user", content: { type: "text", text: "audit everything" } },
      ]);
    } finally {
      await client.close();
    }
  });

  it("answers the SDK v1 client (2025-11-25) the same", async () => {
    const v1 = new V1Client({ name: "v1-resources", version: "1.0.0" });
    await v1.connect(new V1Transport(new URL(server.url)));
    try {
      // The checks are written against the v2 client; v1's methods have the same names, arguments and results.
      const client = v1 as unknown as Client;
      await checkResources(client);
      await checkPrompts(client);
      await checkCompletions(client);
    } finally {
      await v1.close();
    }
  });

  it.each(REVISIONS)("serves them without sessions too (stateless), on %s", async (revision) => {
    const stateless = await serveMcp(new LibraryAgent({ registry: new ToolRegistry() }), {
      transport: "http",
      stateless: true,
    });
    const client = await connect(stateless.url, revision);
    try {
      await checkResources(client);
      await checkPrompts(client);
      await checkCompletions(client);
    } finally {
      await client.close();
      await stateless.close();
    }
  });
});

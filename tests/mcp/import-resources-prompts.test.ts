// The resources and prompts of an imported MCP server (SDK v1 low-level Server, paged lists, annotations, blobs,
// embedded resources, list_changed): read through the import's catalogue with a client of either SDK major, and
// served again by serveMcp beside the agent's own, read back with the official v2 client on both revisions.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, ToolRegistry, prompt, resource } from "toolwright";
import { type HttpMcpServerHandle, type McpClientLike, importMcpTools, serveMcp } from "toolwright/mcp";
import {
  PNG,
  REMOTE_PROMPTS,
  REMOTE_RESOURCES,
  REMOTE_TEMPLATES,
  startCatalogueServer,
} from "./catalogue-remote-server.js";

jest.setTimeout(20_000);

const REVISIONS = ["2025-11-25", "2026-07-28"] as const;

class Hub extends BaseAgent {
  static override agentName = "hub";

  @resource({ uri: "hub://status", mimeType: "text/plain" })
  status() {
    return "up";
  }

  @prompt({ description: "Say hello" })
  hello() {
    return "hello";
  }
}

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error("expected the request to fail");
}

async function connect(url: string, revision: (typeof REVISIONS)[number]): Promise<Client> {
  const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {};
  const client = new Client({ name: "reserve-test", version: "1.0.0" }, pin);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(revision);
  return client;
}

// Walks every page, as a client does.
async function all(
  list: (params?: { cursor?: string }) => Promise<{ readonly nextCursor?: string | undefined }>,
  key: string,
): Promise<{ items: unknown[]; pages: number }> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(cursor === undefined ? undefined : { cursor });
    items.push(...((page as Record<string, unknown>)[key] as unknown[]));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined && pages < 20);
  return { items, pages };
}

const clients: [string, () => McpClientLike & { connect(t: unknown): Promise<void> }][] = [
  ["SDK v1 Client", () => new ClientV1({ name: "test", version: "1.0.0" })],
  ["SDK v2 Client", () => new Client({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } })],
];

describe.each(clients)("imported resources and prompts through the %s", (_label, makeClient) => {
  const registry = new ToolRegistry();
  const hub = new Hub({ registry });
  let remote: Awaited<ReturnType<typeof startCatalogueServer>>;
  let imported: Awaited<ReturnType<typeof importMcpTools>>;
  let served: HttpMcpServerHandle;
  let other: HttpMcpServerHandle;

  beforeAll(async () => {
    remote = await startCatalogueServer();
    const client = makeClient();
    await client.connect(remote.clientSide);
    imported = await importMcpTools(client, { registry, allowedAgents: ["hub"] });
    served = await serveMcp(hub, { transport: "http", imported: [imported] });
    other = await serveMcp(new Hub({ name: "outsider", registry: new ToolRegistry() }), {
      transport: "http",
      imported: [imported],
    });
  });

  afterAll(async () => {
    await served?.close();
    await other?.close();
    await imported?.close();
    await imported?.client.close();
    await remote?.server.close();
  });

  it("imports a server without tools, and reads its catalogue page by page as the server sent it", async () => {
    expect(imported.tools).toEqual([]);
    expect(imported.catalogue.serves).toEqual({ resources: { listChanged: true }, prompts: { listChanged: true } });
    // SDK v1's Client answers one page; v2's walks every page itself when no cursor is given.
    const listed = await all((p) => imported.catalogue.listResources(p), "resources");
    expect(listed.items).toEqual(REMOTE_RESOURCES);
    const read = await imported.catalogue.readResource("file:///img/b.png");
    expect(read.contents).toEqual([
      { uri: "file:///img/b.png", mimeType: "image/png", blob: PNG, _meta: { "example.com/origin": "camera" } },
    ]);
    const got = await imported.catalogue.getPrompt("greet", { who: "Ada" });
    expect(got.messages).toEqual([{ role: "user", content: { type: "text", text: "Hi Ada" } }]);
  });

  it("rejects with the server's error, named and coded, when the server refuses", async () => {
    const error = await failure(imported.catalogue.getPrompt("broken"));
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('MCP server "catalogue-server" answered prompts/get with an error');
    expect(error.message).toContain("the prompt store is down");
  });

  it.each(REVISIONS)("serves the server's resources again beside the agent's own, every page, on %s", async (rev) => {
    const client = await connect(served.url, rev);
    try {
      expect(client.getServerCapabilities()?.resources).toBeDefined();
      // Page by page through this server's own cursors (the v2 Client's listResources() would walk them itself).
      const resources = await all(
        (p) => client.request({ method: "resources/list", params: p ?? {} }) as never,
        "resources",
      );
      expect(resources.items).toEqual([
        { uri: "hub://status", name: "status", mimeType: "text/plain" },
        ...REMOTE_RESOURCES,
      ]);
      // One page per page of the imported server, whether its importing client pages (v1) or walks them (v2).
      expect(resources.pages).toBe(_label.includes("v1") ? 3 : 1);
      expect((await client.listResources()).resources).toEqual(resources.items);
      const templates = await all((p) => client.listResourceTemplates(p), "resourceTemplates");
      expect(templates.items).toEqual(REMOTE_TEMPLATES);
      expect((await client.readResource({ uri: "hub://status" })).contents).toEqual([
        { uri: "hub://status", mimeType: "text/plain", text: "up" },
      ]);
      expect((await client.readResource({ uri: "file:///img/b.png" })).contents).toEqual([
        { uri: "file:///img/b.png", mimeType: "image/png", blob: PNG, _meta: { "example.com/origin": "camera" } },
      ]);
      expect((await client.readResource({ uri: "file:///logs/monday" })).contents).toEqual([
        { uri: "file:///logs/monday", mimeType: "text/plain", text: "all quiet" },
      ]);
    } finally {
      await client.close();
    }
  });

  it.each(REVISIONS)(
    "serves the server's prompts again, arguments, blocks and annotations as sent, on %s",
    async (rev) => {
      const client = await connect(served.url, rev);
      try {
        const prompts = await all((p) => client.listPrompts(p), "prompts");
        expect(prompts.items).toEqual([{ name: "hello", description: "Say hello" }, ...REMOTE_PROMPTS]);
        const { _meta, ...review } = await client.getPrompt({
          name: "review",
          arguments: { path: "file:///docs/a.md" },
        });
        // The SDK adds its serverInfo to each 2026-07-28 result; the rest is the imported server's answer as it was.
        if (_meta !== undefined) expect(Object.keys(_meta)).toEqual(["io.modelcontextprotocol/serverInfo"]);
        expect(review).toEqual({
          description: "Review a file",
          messages: [
            { role: "user", content: { type: "text", text: "Review file:///docs/a.md", annotations: { priority: 1 } } },
            {
              role: "user",
              content: {
                type: "resource",
                resource: { uri: "file:///docs/a.md", mimeType: "text/markdown", text: "# A" },
              },
            },
            { role: "assistant", content: { type: "image", data: PNG, mimeType: "image/png" } },
          ],
        });
        expect((await client.getPrompt({ name: "hello" })).messages).toEqual([
          { role: "user", content: { type: "text", text: "hello" } },
        ]);
      } finally {
        await client.close();
      }
    },
  );

  it.each(REVISIONS)("answers the server's errors clearly and goes on serving, on %s", async (rev) => {
    const client = await connect(served.url, rev);
    try {
      const missing = await failure(client.getPrompt({ name: "review" }));
      expect(missing.code).toBe(-32602);
      expect(missing.message).toContain('Prompt "hello" not found'.replace("hello", "review"));
      const broken = await failure(client.getPrompt({ name: "broken" }));
      expect(broken.code).toBe(-32603);
      expect(broken.message).toContain('MCP server "catalogue-server"');
      expect(broken.message).toContain("the prompt store is down");
      const locked = await failure(client.readResource({ uri: "file:///docs/locked.md" }));
      expect(locked.message).toContain("locked by another process");
      const unknown = await failure(client.readResource({ uri: "file:///nowhere" }));
      expect(unknown.code).toBe(-32602);
      expect(unknown.message).toContain('Resource "file:///nowhere" not found');
      expect(unknown.message).toContain('the resources of MCP server "catalogue-server"');
      const badCursor = await failure(client.listResources({ cursor: "not-ours" }));
      expect(badCursor.code).toBe(-32602);
      expect((await client.readResource({ uri: "hub://status" })).contents).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it.each(REVISIONS)("keeps an import from an agent outside its allowedAgents, on %s", async (rev) => {
    const client = await connect(other.url, rev);
    try {
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(["hub://status"]);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["hello"]);
      const hidden = await failure(client.readResource({ uri: "file:///docs/a.md" }));
      expect(hidden.code).toBe(-32602);
    } finally {
      await client.close();
    }
  });

  it("passes the server's resource list changes on to a 2025-11-25 session", async () => {
    const client = new ClientV1({ name: "listener", version: "1.0.0" });
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    await client.connect(new TransportV1(new URL(served.url)));
    try {
      expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: true });
      // The client opens its GET stream (where a session's notifications go) on its own time after connecting: a
      // change before that is sent to no one, so the remote changes again until the notification arrives.
      let arrived = false;
      void changed.then(() => (arrived = true));
      for (let n = 0; n < 100 && !arrived; n += 1) {
        await remote.addResource(`file:///docs/new-${n}.md`, "new.md");
        await Promise.race([changed, new Promise((resolve) => setTimeout(resolve, 50))]);
      }
      await changed;
      const resources = await all((p) => client.listResources(p), "resources");
      expect(resources.items.map((r) => (r as { uri: string }).uri)).toContain("file:///docs/new-0.md");
    } finally {
      await client.close();
    }
  });
});

describe("an imported server that has gone away", () => {
  it.each(REVISIONS)(
    "answers its resources with an error naming it, and the agent's own as before, on %s",
    async (rev) => {
      const remote = await startCatalogueServer();
      const registry = new ToolRegistry();
      const imported = await importMcpTools(remote.clientSide, { registry, allowedAgents: ["hub"] });
      const served = await serveMcp(new Hub({ registry }), { transport: "http", imported: [imported] });
      await remote.server.close();
      const client = await connect(served.url, rev);
      try {
        const gone = await failure(client.readResource({ uri: "file:///docs/a.md" }));
        expect(gone.message).toContain('MCP server "catalogue-server" answered resources/read with an error');
        const list = await failure(client.listPrompts());
        expect(list.message).toContain('MCP server "catalogue-server"');
        expect((await client.readResource({ uri: "hub://status" })).contents).toEqual([
          { uri: "hub://status", mimeType: "text/plain", text: "up" },
        ]);
      } finally {
        await client.close();
        await served.close();
        await imported.close();
      }
    },
  );
});

// An MCP server written with SDK v1's low-level Server whose resources and prompts come in pages (two items a page),
// carry annotations, _meta, sizes and blobs, embed resources in prompt messages, and change (list_changed).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

export const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The resources the server lists, in order; five, so three pages of two. */
export const REMOTE_RESOURCES = [
  {
    uri: "file:///docs/a.md",
    name: "a.md",
    title: "Doc A",
    mimeType: "text/markdown",
    annotations: { audience: ["user"], priority: 0.9 },
    size: 3,
  },
  { uri: "file:///img/b.png", name: "b.png", mimeType: "image/png", _meta: { "example.com/origin": "camera" } },
  { uri: "file:///docs/c.md", name: "c.md", mimeType: "text/markdown", description: "Third" },
  { uri: "file:///docs/d.md", name: "d.md", mimeType: "text/markdown" },
  { uri: "file:///docs/e.md", name: "e.md", mimeType: "text/markdown" },
];

export const REMOTE_TEMPLATES = [
  { uriTemplate: "file:///logs/{day}", name: "log", mimeType: "text/plain", annotations: { priority: 0.2 } },
];

export const REMOTE_PROMPTS = [
  { name: "review", description: "Review a file", arguments: [{ name: "path", description: "File", required: true }] },
  { name: "greet", title: "Greeting", arguments: [{ name: "who", required: false }] },
  { name: "broken", description: "Always fails" },
];

const PAGE = 2;

function paged<T>(items: readonly T[], cursor: string | undefined, key: string) {
  const start = cursor === undefined ? 0 : Number(cursor.slice("page:".length));
  if (!Number.isInteger(start)) throw new McpError(-32602, `bad cursor ${cursor}`);
  const next = start + PAGE < items.length ? { nextCursor: `page:${start + PAGE}` } : {};
  return { [key]: items.slice(start, start + PAGE), ...next };
}

/** Starts the server on an in-memory pair; `clientSide` is the transport to import from. */
export async function startCatalogueServer() {
  const resources = [...REMOTE_RESOURCES];
  const server = new Server(
    { name: "catalogue-server", version: "1.0.0" },
    { capabilities: { resources: { listChanged: true }, prompts: { listChanged: true } } },
  );
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    paged(resources, request.params?.cursor, "resources"),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) =>
    paged(REMOTE_TEMPLATES, request.params?.cursor, "resourceTemplates"),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    if (uri === "file:///img/b.png") {
      return { contents: [{ uri, mimeType: "image/png", blob: PNG, _meta: { "example.com/origin": "camera" } }] };
    }
    if (uri.startsWith("file:///logs/")) return { contents: [{ uri, mimeType: "text/plain", text: "all quiet" }] };
    if (uri === "file:///docs/locked.md") throw new McpError(-32603, "locked by another process");
    const known = resources.find((r) => r.uri === uri);
    if (known === undefined) throw new McpError(-32602, `Resource ${uri} not found`, { uri });
    return { contents: [{ uri, mimeType: "text/markdown", text: `# ${known.name}` }] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, (request) =>
    paged(REMOTE_PROMPTS, request.params?.cursor, "prompts"),
  );
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === "review") {
      if (args.path === undefined) throw new McpError(-32602, 'Prompt "review" needs the argument "path"');
      return {
        description: "Review a file",
        messages: [
          { role: "user", content: { type: "text", text: `Review ${args.path}`, annotations: { priority: 1 } } },
          {
            role: "user",
            content: { type: "resource", resource: { uri: args.path, mimeType: "text/markdown", text: "# A" } },
          },
          { role: "assistant", content: { type: "image", data: PNG, mimeType: "image/png" } },
        ],
      };
    }
    if (name === "greet")
      return { messages: [{ role: "user", content: { type: "text", text: `Hi ${args.who ?? "you"}` } }] };
    if (name === "broken") throw new McpError(-32603, "the prompt store is down");
    throw new McpError(-32602, `Prompt ${name} not found`);
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return {
    server,
    clientSide,
    /** Adds a resource and tells the client its list changed. */
    async addResource(uri: string, name: string) {
      resources.push({ uri, name, mimeType: "text/markdown" });
      await server.sendResourceListChanged();
    },
  };
}

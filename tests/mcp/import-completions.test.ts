// Issue 37: an imported server's prompts and resource templates, served again by serveMcp, keep their completions:
// `completion/complete` for a prompt argument or template variable that is not the agent's own is forwarded to the
// server that has it (an SDK v1 McpServer, in process), and answered as it answers; the agent's own still answer
// themselves. Read with the official v2 client on both revisions.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { BaseAgent, ToolRegistry, p, prompt } from "toolwright";
import { type HttpMcpServerHandle, importMcpTools, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

const LANGUAGES = ["python", "perl", "php", "rust"];
const CITIES = ["Oslo", "Osaka", "Ottawa", "Lima"];

class Hub extends BaseAgent {
  static override agentName = "hub";

  @prompt({ description: "Greet", params: { tone: p.enum(["warm", "wry"]) } })
  greet({ tone }: { tone: string }) {
    return `hello, ${tone}`;
  }
}

async function originServer(): Promise<{ server: McpServer; asked: string[] }> {
  const asked: string[] = [];
  const server = new McpServer({ name: "origin", version: "1.0.0" });
  server.registerPrompt(
    "review",
    {
      description: "Review code",
      argsSchema: {
        language: completable(z.string(), (value, context) => {
          asked.push(`language:${value}:${JSON.stringify(context?.arguments ?? {})}`);
          return LANGUAGES.filter((l) => l.startsWith(value));
        }),
      },
    },
    ({ language }) => ({ messages: [{ role: "user", content: { type: "text", text: `review ${language}` } }] }),
  );
  server.registerResource(
    "weather",
    new ResourceTemplate("weather://{city}", {
      list: undefined,
      complete: {
        city: (value) => {
          asked.push(`city:${value}`);
          return CITIES.filter((c) => c.startsWith(value));
        },
      },
    }),
    { mimeType: "text/plain" },
    (uri, { city }) => ({ contents: [{ uri: uri.href, text: `${String(city)}: 4°C` }] }),
  );
  return { server, asked };
}

describe.each(["2025-11-25", "2026-07-28"] as const)("imported completions served again, on %s", (revision) => {
  const registry = new ToolRegistry();
  let origin: Awaited<ReturnType<typeof originServer>>;
  let imported: Awaited<ReturnType<typeof importMcpTools>>;
  let served: HttpMcpServerHandle;
  let client: Client;

  beforeAll(async () => {
    origin = await originServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await origin.server.connect(serverSide);
    const hub = new Hub({ registry });
    imported = await importMcpTools(clientSide, { registry, allowedAgents: ["hub"] });
    served = await serveMcp(hub, { transport: "http", imported: [imported] });
    const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {};
    client = new Client({ name: "complete-test", version: "1.0.0" }, pin);
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
  });
  afterAll(async () => {
    await client?.close();
    await served?.close();
    await imported?.close();
    await origin?.server.close();
  });

  it("forwards a prompt argument's completion to the origin server, with the arguments already given", async () => {
    origin.asked.length = 0;
    const answer = await client.complete({
      ref: { type: "ref/prompt", name: "review" },
      argument: { name: "language", value: "p" },
      context: { arguments: { style: "terse" } },
    });
    expect(answer.completion.values).toEqual(["python", "perl", "php"]);
    expect(origin.asked).toEqual(['language:p:{"style":"terse"}']);
  });

  it("forwards a template variable's completion to the origin server", async () => {
    const answer = await client.complete({
      ref: { type: "ref/resource", uri: "weather://{city}" },
      argument: { name: "city", value: "O" },
    });
    expect(answer.completion.values).toEqual(["Oslo", "Osaka", "Ottawa"]);
  });

  it("answers the agent's own prompt itself, and names what is valid when no server knows the prompt", async () => {
    expect(client.getServerCapabilities()?.completions).toEqual({});
    const own = await client.complete({
      ref: { type: "ref/prompt", name: "greet" },
      argument: { name: "tone", value: "w" },
    });
    expect(own.completion.values).toEqual(["warm", "wry"]);
    await expect(
      client.complete({ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "x", value: "" } }),
    ).rejects.toThrow(/nope/);
  });
});

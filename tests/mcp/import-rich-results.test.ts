import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { BaseAgent, ToolDefinitionError, ToolRegistry, isContentResult } from "toolwright";
import { type McpClientLike, importMcpTools, toMcpCallToolResult } from "toolwright/mcp";
import { PNG, WAV, startRichServer } from "./rich-remote-server.js";

jest.setTimeout(20_000);

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

class Reader extends BaseAgent {
  static override agentName = "reader";
}

// The same behaviour through a client of either SDK major, connected by the user, and through a bare transport.
const clients: [string, () => McpClientLike & { connect(t: unknown): Promise<void> }][] = [
  ["SDK v1 Client", () => new ClientV1({ name: "test", version: "1.0.0" })],
  ["SDK v2 Client", () => new ClientV2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } })],
];

describe.each(clients)("importMcpTools through the %s", (_label, makeClient) => {
  const registry = new ToolRegistry();
  const reader = new Reader({ registry });
  let remote: Awaited<ReturnType<typeof startRichServer>>;
  let imported: Awaited<ReturnType<typeof importMcpTools>>;

  beforeAll(async () => {
    remote = await startRichServer();
    const client = makeClient();
    await client.connect(remote.clientSide);
    imported = await importMcpTools(client, { registry, allowedAgents: ["reader"], prefix: "r_" });
  });

  afterAll(async () => {
    await imported?.close();
    await imported?.client.close();
    await remote?.server.close();
  });

  it("keeps the remote outputSchema as the tool's returns and answers the structuredContent", async () => {
    const name = [...imported.names].find(([, remoteName]) => remoteName === "weather.now")![0];
    expect(name).toBe("r_weather_now");
    const spec = reader.toolSpecs().find((s) => s.name === name)!;
    expect(spec.outputSchema).toMatchObject({
      type: "object",
      properties: { celsius: { type: "number" }, sky: { enum: ["clear", "cloudy"] } },
      required: ["celsius", "sky"],
    });
    expect(await reader.callTool(name, { city: "Oslo" })).toMatchObject({
      ok: true,
      content: { celsius: 4, sky: "clear" },
    });
  });

  it("turns image, audio, resource links and embedded resources into content parts", async () => {
    const result = await reader.callTool("r_media", {});
    expect(result.ok).toBe(true);
    expect(isContentResult(result.content)).toBe(true);
    expect(result.content).toEqual({
      type: "content",
      parts: [
        { type: "text", text: "Here it is:" },
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "audio", data: WAV, mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///notes/a.md", name: "a.md", mimeType: "text/markdown" },
        { type: "text", text: "Resource file:///notes/b.md:\n# B" },
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "file", data: WAV, mimeType: "application/x-thing", filename: "d.bin" },
      ],
    });
    // Served again over MCP, the parts are MCP blocks once more, not one JSON text block.
    const served = toMcpCallToolResult(result);
    expect(served.isError).toBeFalsy();
    expect((served.content as { type: string }[]).map((block) => block.type)).toEqual([
      "text",
      "image",
      "audio",
      "resource_link",
      "text",
      "image",
      "resource",
    ]);
  });

  it("forwards the server's progress for a call to the call's reportProgress", async () => {
    const updates: unknown[] = [];
    const tool = registry.get("r_steps");
    const value = await tool.handler({ count: 3 }, {
      signal: new AbortController().signal,
      agent: undefined,
      callId: "call-1",
      tool,
      reportProgress: (update: unknown) => updates.push(update),
    } as never);
    expect(value).toBe("did 3 steps");
    expect(updates).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
    ]);
  });

  it("maps MCP-legal names providers refuse to legal, distinct names, and calls each by its remote name", async () => {
    const long = "a".repeat(70);
    const byRemote = new Map([...imported.names].map(([local, remoteName]) => [remoteName, local]));
    expect(byRemote.get("notes_search")).toBe("r_notes_search");
    expect(byRemote.get("notes.search")).toMatch(/^r_notes_search_[0-9a-z]{7}$/);
    expect(byRemote.get("files/read")).toBe("r_files_read");
    expect(byRemote.get(long)).toMatch(/^r_a+_[0-9a-z]{7}$/);
    expect(byRemote.get(`${long}.b`)).toMatch(/^r_a+_[0-9a-z]{7}$/);
    const locals = [...imported.names.keys()];
    expect(new Set(locals).size).toBe(locals.length);
    for (const local of locals) expect(local).toMatch(TOOL_NAME);
    for (const remoteName of ["notes.search", "notes_search", long, `${long}.b`, "files/read"]) {
      const result = await reader.callTool(byRemote.get(remoteName)!, {});
      expect(result).toMatchObject({ ok: true, content: `ran ${remoteName}` });
    }
    expect(remote.calls.slice(-5)).toEqual(["notes.search", "notes_search", long, `${long}.b`, "files/read"]);
  });
});

describe("importMcpTools names, filter and rename", () => {
  async function importWith(options: Partial<Parameters<typeof importMcpTools>[1]>) {
    const registry = new ToolRegistry();
    const remote = await startRichServer();
    try {
      const imported = await importMcpTools(remote.clientSide, { registry, allowedAgents: ["reader"], ...options });
      return { registry, remote, imported };
    } catch (error) {
      await remote.server.close();
      throw error;
    }
  }

  it("gives the same local names on every import (deterministic)", async () => {
    const first = await importWith({});
    const second = await importWith({});
    expect([...second.imported.names]).toEqual([...first.imported.names]);
    await Promise.all([first.imported.close(), second.imported.close()]);
  });

  it("imports only the tools a filter admits, by name list or by predicate", async () => {
    const byList = await importWith({ filter: ["media", "notes.search"] });
    expect([...byList.imported.names.values()]).toEqual(["media", "notes.search"]);
    // Alone, the dotted name maps to its plain form: no other tool claims it.
    expect([...byList.imported.names.keys()]).toEqual(["media", "notes_search"]);
    expect(byList.registry.specs().map((s) => s.name)).toEqual(["media", "notes_search"]);
    await byList.imported.close();

    const byPredicate = await importWith({ filter: (tool) => tool.outputSchema !== undefined });
    expect([...byPredicate.imported.names.values()]).toEqual(["weather.now"]);
    await byPredicate.imported.close();
  });

  it("refuses a filter naming a tool the server does not list, and closes the client it made", async () => {
    await expect(importWith({ filter: ["media", "nope"] })).rejects.toThrow(
      /`filter` names "nope", which the server does not list; it lists "weather.now", "media"/,
    );
  });

  it("renames by map or function, before the prefix, and calls the remote name", async () => {
    const byMap = await importWith({ prefix: "x_", rename: { "weather.now": "weather", media: "gallery" } });
    expect(byMap.imported.names.get("x_weather")).toBe("weather.now");
    expect(byMap.imported.names.get("x_gallery")).toBe("media");
    const agent = new Reader({ registry: byMap.registry });
    expect((await agent.callTool("x_weather", { city: "Lyon" })).content).toEqual({ celsius: 21, sky: "clear" });
    await byMap.imported.close();

    const byFunction = await importWith({ rename: (name) => (name.startsWith("notes") ? undefined : `t_${name}`) });
    expect(byFunction.imported.names.get("t_media")).toBe("media");
    // A function's names are made legal as remote names are: it is usually built from one.
    expect(byFunction.imported.names.get("t_weather_now")).toBe("weather.now");
    expect(byFunction.imported.names.get("notes_search")).toBe("notes_search");
    await byFunction.imported.close();
  });

  it("refuses a rename map entry no provider accepts, two tools renamed to one name, an unknown rename and a bad prefix", async () => {
    await expect(importWith({ rename: { media: "my.media" } })).rejects.toThrow(
      /`rename` gives the remote tool "media" the name "my.media", which is invalid/,
    );
    await expect(importWith({ rename: { media: "same", "weather.now": "same" } })).rejects.toThrow(
      /the remote tools "weather.now" and "media" would both be named "same"/,
    );
    await expect(importWith({ rename: { nope: "x" } })).rejects.toThrow(/`rename` names "nope"/);
    await expect(importWith({ prefix: "gh." })).rejects.toThrow(ToolDefinitionError);
  });
});

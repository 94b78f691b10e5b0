import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry } from "toolwright";
import { importMcpTools } from "toolwright/mcp";
import { type BuiltCommand, buildCommand, calcModule, repoRoot } from "./built-command.js";
import { textOf } from "./text-of.js";

// Building the package takes a few seconds, more on a loaded machine.
jest.setTimeout(120_000);

function stdioTransport(command: BuiltCommand, args: readonly string[]) {
  return new StdioClientTransport({
    command: process.execPath,
    args: [command.cli, "serve", ...args],
    cwd: repoRoot,
    stderr: "pipe",
  });
}

async function connectStdio(command: BuiltCommand, args: readonly string[]): Promise<Client> {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(stdioTransport(command, args));
  return client;
}

describe("toolwright serve (the built command)", () => {
  let command: BuiltCommand;

  beforeAll(async () => {
    command = await buildCommand();
  });

  afterAll(() => command?.remove());

  describe("over stdio, with a TypeScript module (tsx; a second copy of toolwright)", () => {
    let client: Client;

    beforeAll(async () => {
      client = await connectStdio(command, [calcModule, "--agent", "calc_agent"]);
    });

    afterAll(async () => client?.close());

    it("lists the agent's tools, the shared one it may use included", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["multiply", "divide", "reset", "start-notification-stream", "add"]);
    });

    it("calls a valid tool", async () => {
      const result = await client.callTool({ name: "multiply", arguments: { a: 3, b: 4 } });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual({ product: 12 });
    });

    it("answers an invalid call and a forbidden tool with isError", async () => {
      const invalid = await client.callTool({ name: "divide", arguments: { a: "one", b: 2 } });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toMatch(/INVALID_ARGUMENTS.*\/a/);
      const denied = await client.callTool({ name: "shutdown", arguments: {} });
      expect(denied.isError).toBe(true);
      expect(textOf(denied)).toMatch(/PERMISSION_DENIED/);
    });
  });

  it("serves a compiled JavaScript module as it is", async () => {
    const client = await connectStdio(command, [command.echoModule]);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
      expect(textOf(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toBe("hi");
    } finally {
      await client.close();
    }
  });

  it("lets importMcpTools bring the served tools into another registry", async () => {
    const registry = new ToolRegistry();
    class Assistant extends BaseAgent {
      static override agentName = "assistant";
    }
    const assistant = new Assistant({ registry });
    const transport = stdioTransport(command, [calcModule, "--agent", "calc_agent"]);
    const imported = await importMcpTools(transport, { registry, allowedAgents: ["assistant"], prefix: "calc_" });
    try {
      expect(assistant.toolSpecs().map((s) => s.name)).toContain("calc_multiply");
      expect(await assistant.callTool("calc_add", { a: 1, b: 2 })).toMatchObject({ ok: true, content: "3" });
      const failed = await assistant.callTool("calc_divide", { a: 1, b: 0 });
      expect(failed).toMatchObject({ ok: false, outcome: "failed" });
      expect(failed.error?.message).toMatch(/division by zero/);
    } finally {
      await imported.close();
    }
  });

  describe("over Streamable HTTP (--http 0)", () => {
    let child: ChildProcess;
    let url = "";

    beforeAll(async () => {
      child = spawn(process.execPath, [command.cli, "serve", calcModule, "--agent", "calc_agent", "--http", "0"], {
        cwd: repoRoot,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      for await (const chunk of child.stdout!) {
        output += String(chunk);
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(output);
        if (match) {
          url = match[1]!;
          break;
        }
      }
    });

    afterAll(async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    });

    it("prints the actual port and serves the agent there", async () => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ name: "test-client", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        const result = await client.callTool({ name: "add", arguments: { a: 20, b: 22 } });
        expect(textOf(result)).toBe("42");
      } finally {
        await client.close();
      }
    });

    it("stops cleanly on SIGTERM", async () => {
      child.kill("SIGTERM");
      const [code] = (await once(child, "exit")) as [number | null];
      expect(code).toBe(0);
    });
  });
});

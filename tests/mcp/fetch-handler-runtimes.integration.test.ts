// mcpFetchHandler served by Deno.serve and Bun.serve, each runtime from its npm package, the agent and the handler
// from the packed tarball, and called from here by the official MCP client on both protocol revisions.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, repoRoot, run } from "../package/consumer-project.js";
import { packedTarball } from "../toolchains/packed-package.js";
import { runWhen } from "../support/run-when.js";
import { type Era, callEndpoint, expectedEndpoint } from "./fetch-endpoint-checks.js";

// A fresh project with real installs from the npm registry: slow on 2 shared cores.
jest.setTimeout(600_000);

const ERAS: Era[] = ["legacy", "modern"];
const agentTs = readFileSync(join(repoRoot, "examples/worker/src/agent.ts"), "utf8");

// Each server prints {"port": N} once it listens; the handler answers only for 127.0.0.1 (DNS rebinding).
const denoServer = `import { mcpFetchHandler } from "toolwright/mcp";
import { NotesAgent } from "./agent.ts";

const handler = mcpFetchHandler(new NotesAgent(), { path: "/mcp", allowedHosts: ["127.0.0.1"] });
Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log(JSON.stringify({ port })) }, handler);
`;
const bunServer = `import { mcpFetchHandler } from "toolwright/mcp";
import { NotesAgent } from "./agent.ts";

const handler = mcpFetchHandler(new NotesAgent(), { path: "/mcp", allowedHosts: ["127.0.0.1"] });
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handler });
console.log(JSON.stringify({ port: server.port }));
`;

/** Starts a server process and resolves with it and its endpoint, once it has printed its port (20 s at most). */
function start(command: string, args: string[], cwd: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("the server printed no port within 20 s")), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`${error.message}\nstdout: ${out}\nstderr: ${err}`));
    };
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line === undefined) return;
      clearTimeout(timer);
      resolve({ child, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/mcp` });
    });
    child.once("exit", (code) => fail(new Error(`the server exited (${code})`)));
  });
}

// The runtimes' npm packages bring their linux-x64 binaries as optional dependencies per platform.
const linuxX64 = runWhen(
  process.platform === "linux" && process.arch === "x64",
  "tests/mcp/fetch-handler-runtimes.integration.test.ts",
  `the Deno and Bun rows install their linux-x64 builds; this is ${process.platform}-${process.arch}`,
);

(linuxX64 ? describe : describe.skip)("mcpFetchHandler on Deno.serve and Bun.serve", () => {
  let dir = "";
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "fetch-runtimes", version: "0.0.0", private: true, type: "module" }),
      "agent.ts": agentTs,
      "deno-server.ts": denoServer,
      "bun-server.ts": bunServer,
    });
    await run(
      "npm",
      [
        "install",
        tarball,
        "@modelcontextprotocol/server@^2.4.0",
        "deno@^2.9.6",
        "bun@^1.4.4",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
      ],
      dir,
    );
  });

  afterAll(() => {
    for (const child of children) child.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const binary = (candidates: string[]) => {
    const found = candidates.map((path) => join(dir, "node_modules", path)).find((path) => existsSync(path));
    expect(found).toBeDefined();
    return found!;
  };

  it.each(ERAS)("Deno.serve: tools, a call, invalid arguments and an approval (%s)", async (era) => {
    const deno = binary(["@deno/linux-x64-glibc/deno", ".bin/deno"]);
    const { child, url } = await start(
      deno,
      ["run", "--allow-net", "--allow-read", "--allow-env", "--allow-sys", "deno-server.ts"],
      dir,
    );
    children.push(child);
    expect(await callEndpoint(url, era)).toEqual(expectedEndpoint(era));
  });

  it.each(ERAS)("Bun.serve: tools, a call, invalid arguments and an approval (%s)", async (era) => {
    // Linked into bun/bin by its postinstall where scripts run; else the platform package's own copy.
    const bun = binary([
      "bun/bin/bun.exe",
      "@oven/bun-linux-x64/bin/bun",
      "bun/node_modules/@oven/bun-linux-x64/bin/bun",
    ]);
    const { child, url } = await start(bun, ["bun-server.ts"], dir);
    children.push(child);
    expect(await callEndpoint(url, era)).toEqual(expectedEndpoint(era));
  });
});

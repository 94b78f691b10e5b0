// Re-serving check of issue 37 (not in CI; needs the npm registry, and Debian's chromium at /usr/bin/chromium for the
// two browser servers): installs the ten MCP servers of the issue from npm into a temporary
// folder, and for each compares what the official v2 client gets from the server directly with what it gets from
// the same server imported by importMcpTools and re-served by serveMcp over Streamable HTTP: the tools listed (name,
// description, input and output schemas, annotations) and the results of a few calls (content blocks with their
// annotations and media, structuredContent, isError). Prints one line per difference and a summary per server; exits
// 1 when any server differs. Usage: npx tsx scripts/reserve-check.mjs [package ...]
import { Buffer } from "node:buffer";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { URL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { BaseAgent, ToolRegistry } from "../src/index.ts";
import { importMcpTools, serveMcp } from "../src/mcp/index.ts";

const work = mkdtempSync(join(tmpdir(), "reserve-check-"));
const files = join(work, "files");
mkdirSync(files);
writeFileSync(join(files, "note.txt"), "hello from the re-serving check\n");
// 1x1 PNG: filesystem's read_media_file answers an image block (and the same data in structuredContent).
writeFileSync(
  join(files, "dot.png"),
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** The servers of the issue that run on this machine from npm alone, with the calls compared. */
const SERVERS = [
  {
    pkg: "@modelcontextprotocol/server-filesystem",
    args: [files],
    calls: [
      ["list_directory", { path: files }],
      ["read_text_file", { path: join(files, "note.txt") }],
      ["read_media_file", { path: join(files, "dot.png") }],
      ["read_text_file", { path: "/etc/passwd" }],
    ],
  },
  {
    pkg: "@modelcontextprotocol/server-memory",
    // One file per side, so the direct server's writes do not change what the re-served one answers.
    env: (side) => ({ MEMORY_FILE_PATH: join(work, `memory-${side}.jsonl`) }),
    calls: [
      ["create_entities", { entities: [{ name: "Ada", entityType: "person", observations: ["wrote notes"] }] }],
      ["read_graph", {}],
    ],
  },
  {
    pkg: "@modelcontextprotocol/server-everything",
    args: ["stdio"],
    calls: [
      ["echo", { message: "hi" }],
      ["get-sum", { a: 2, b: 3 }],
      ["get-tiny-image", {}],
      ["get-annotated-message", { messageType: "error", includeImage: true }],
      ["get-structured-content", { location: "New York" }],
      ["get-resource-links", { count: 2 }],
    ],
  },
  {
    pkg: "@modelcontextprotocol/server-sequential-thinking",
    calls: [["sequentialthinking", { thought: "one", nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 }]],
  },
  {
    pkg: "@playwright/mcp",
    args: ["--headless", "--isolated", "--no-sandbox", "--executable-path", "/usr/bin/chromium"],
    calls: [
      ["browser_navigate", { url: "data:text/html,<title>t</title><h1>Hello</h1><button>Go</button>" }],
      ["browser_snapshot", {}],
      ["browser_take_screenshot", {}],
    ],
  },
  {
    pkg: "chrome-devtools-mcp",
    args: ["--headless", "--isolated", "--executablePath", "/usr/bin/chromium", "--chrome-arg=--no-sandbox"],
    calls: [
      ["list_pages", {}],
      ["new_page", { url: "data:text/html,<title>t</title><h1>Hello</h1>" }],
    ],
  },
  { pkg: "@notionhq/notion-mcp-server", calls: [] },
  { pkg: "@antv/mcp-server-chart", calls: [] },
  { pkg: "@upstash/context7-mcp", calls: [] },
  { pkg: "@modelcontextprotocol/server-github", calls: [] },
];

const wanted = process.argv.slice(2);
const servers = wanted.length === 0 ? SERVERS : SERVERS.filter((server) => wanted.includes(server.pkg));
console.log(`installing ${servers.map((s) => s.pkg).join(", ")} into ${work}`);
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", work, ...servers.map((s) => s.pkg)], {
  stdio: ["ignore", "ignore", "inherit"],
});

function binOf(pkg) {
  const folder = join(work, "node_modules", pkg);
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0];
  return join(folder, bin);
}

const stdio = (server, side) =>
  new StdioClientTransport({
    command: process.execPath,
    args: [binOf(server.pkg), ...(server.args ?? [])],
    env: { ...process.env, ...(server.env?.(side) ?? {}) },
    cwd: work,
    stderr: "ignore",
  });

async function client(transport) {
  const c = new Client({ name: "reserve-check", version: "1.0.0" });
  await c.connect(transport);
  return c;
}

// Documented rewrites (docs/mcp.md, "Import the tools of an MCP server"), left out of the comparison: an imported
// schema's `$schema` of draft 04-07 is dropped (toolwright reads it as 2020-12).
const schema = (value) => {
  if (value === undefined || value.$schema === "https://json-schema.org/draft/2020-12/schema") return value;
  const { $schema: _dropped, ...rest } = value;
  return rest;
};
// Two more (docs/mcp.md, "Import the tools of an MCP server", Flags): a tool's display name is served as its `title`
// whether the server put it there or in `annotations.title`, and a tool without hints is listed with empty
// `annotations`; the comparison reads the display name and the hints.
const listed = (tool) => {
  const { title: annotationTitle, ...hints } = tool.annotations ?? {};
  return {
    name: tool.name,
    title: tool.title ?? annotationTitle,
    description: tool.description,
    inputSchema: schema(tool.inputSchema),
    outputSchema: schema(tool.outputSchema),
    annotations: Object.keys(hints).length === 0 ? undefined : hints,
  };
};
// Also a rewrite by design (docs/policy.md): the text of an `openWorld` tool's result reaches an MCP client inside a
// per-call nonce envelope; the comparison reads the text inside it. And what differs between any two runs of a server
// (the timestamps Playwright's MCP writes into file names) is blanked on both sides.
const ENVELOPE =
  /^<untrusted-output nonce="([0-9a-f]+)" tool="[^"]*">\n[^\n]*\n([\s\S]*)\n<\/untrusted-output nonce="\1">$/;
const unwrapped = (text) => text.replace(ENVELOPE, "$2").replace(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z/g, "<time>");
const block = (part) => (part.type === "text" ? { ...part, text: unwrapped(part.text) } : part);
// Media blocks shown by type, mime type and size (their base64 would fill the screen).
const shown = (value) =>
  JSON.stringify(value, (key, item) => (key === "data" && typeof item === "string" ? `<${item.length} chars>` : item));
// A result with media is enveloped by an opening and a closing text block around its blocks.
const OPENING = /^<untrusted-output nonce="([0-9a-f]+)" tool="[^"]*">\n[^\n]*$/;
const blocks = (content) => {
  const nonce = content?.[0]?.type === "text" ? OPENING.exec(content[0].text)?.[1] : undefined;
  const last = content?.at(-1);
  const closed = nonce !== undefined && last?.type === "text" && last.text === `</untrusted-output nonce="${nonce}">`;
  return (closed ? content.slice(1, -1) : content)?.map(block);
};
const answered = (result) => ({
  content: blocks(result.content),
  structuredContent: result.structuredContent,
  isError: result.isError ?? false,
});

async function compare(server) {
  const differences = [];
  const direct = await client(stdio(server, "direct"));
  const registry = new ToolRegistry();
  class Reserved extends BaseAgent {
    static agentName = "reserved";
  }
  const imported = await importMcpTools(stdio(server, "reserved"), {
    registry,
    allowedAgents: ["reserved"],
    timeoutMs: 30_000,
  });
  const served = await serveMcp(new Reserved({ registry }), { transport: "http" });
  const again = await client(new StreamableHTTPClientTransport(new URL(served.url)));
  try {
    const before = (await direct.listTools()).tools.map(listed);
    const after = new Map((await again.listTools()).tools.map((tool) => [tool.name, listed(tool)]));
    for (const tool of before) {
      const other = after.get(tool.name);
      if (other === undefined) differences.push(`tools/list: "${tool.name}" is not re-served`);
      else {
        for (const key of Object.keys(tool)) {
          if (!isDeepStrictEqual(tool[key], other[key])) {
            differences.push(
              `tools/list "${tool.name}".${key}: ${JSON.stringify(tool[key])} -> ${JSON.stringify(other[key])}`,
            );
          }
        }
      }
      after.delete(tool.name);
    }
    for (const name of after.keys()) differences.push(`tools/list: "${name}" is re-served but not listed directly`);
    for (const [name, args] of server.calls) {
      const one = answered(await direct.callTool({ name, arguments: args }));
      const two = answered(await again.callTool({ name, arguments: args }));
      // A failed call: the served text carries the server's (docs/mcp.md, Errors: toolwright's code and the tool
      // and server names go before it).
      if (one.isError && two.isError && one.content?.length === 1 && two.content?.length === 1) {
        if (!two.content[0].text?.includes(one.content[0].text))
          differences.push(`tools/call ${name}: error text lost`);
        continue;
      }
      for (const key of Object.keys(one)) {
        if (!isDeepStrictEqual(one[key], two[key])) {
          differences.push(`tools/call ${name} ${key}: ${shown(one[key])} -> ${shown(two[key])}`);
        }
      }
    }
    console.log(
      `${server.pkg}: ${before.length} tools, ${server.calls.length} calls, ${differences.length} differences`,
    );
  } finally {
    await again.close();
    await served.close();
    await imported.close();
    await direct.close();
  }
  return differences;
}

let failed = false;
for (const server of servers) {
  try {
    const differences = await compare(server);
    for (const line of differences) console.log(`  ${line.length > 1200 ? `${line.slice(0, 1200)}...` : line}`);
    failed ||= differences.length > 0;
  } catch (error) {
    failed = true;
    console.log(`${server.pkg}: failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
rmSync(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// Checks that the file suffix alone picks the integration suites (jest.config.cjs has no list): a suite not named
// *.integration.test.ts, or a test helper it imports from tests/ (followed through relative imports), must not spawn a
// child process, and must not start a server of its own with createServer/listen unless SERVER_EXCEPTIONS names it.
//
//   node scripts/check-integration-suites.mjs [--root <dir>]        (run by `npm run lint`)
//
// What it reads is the text of the files under tests/, so it sees what a suite does itself and through its helpers;
// what the library does for it is not followed into src/. That is on purpose: serveMcp({ transport: "http", port: 0 })
// in a unit suite is an in-process server on a loopback port, up in milliseconds, which the unit project allows.
// Nor can a text check tell a compiler run over a whole tree from a one-line esbuild transform, so running a compiler
// is not checked (tests/reflect/simple-parameters.test.ts transforms snippets in-process, and rightly stays a unit).
// Exit code 1, naming each suite and the file and line that did it.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// `--root <dir>` checks another tree laid out the same way (the checker's own test uses it).
const rootFlag = process.argv.indexOf("--root");
const ownRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = rootFlag > 0 ? resolve(process.argv[rootFlag + 1]) : ownRoot;
const tests = join(root, "tests");

/**
 * Spawning a process, by hand or through a library that does (an MCP stdio transport starts its server as a child,
 * Temporal's test environment its dev server), or loading Temporal's worker (its native core and webpack bundler):
 * integration, with no exception.
 */
const CHILD_PROCESS =
  /["'](node:)?child_process["']|["'](execa|cross-spawn|tinyexec|zx)["']|["']@temporalio\/worker["']|\bTestWorkflowEnvironment\b|\bStdioClientTransport\b/;
/** Starting a server by hand (node:http, node:net, a framework's listen). */
const SERVER = /\bcreateServer\s*\(|\.listen\s*\(/;

/**
 * Unit suites allowed to start a server themselves, each for a reason: the server is in-process, on a loopback port,
 * and up in milliseconds (no process, no binary, no network beyond 127.0.0.1).
 */
const SERVER_EXCEPTIONS = new Map([
  // A loopback proxy in front of serveMcp's stateless HTTP server, to see each request the SDK client sends.
  ["tests/mcp/serve-mcp-stateless.test.ts", "in-process loopback proxy"],
  // The recording server (tests/fixtures/providers/recording-server.ts) answers the import's MCP requests in-process.
  ["tests/mcp/import-raw-schemas.test.ts", "in-process loopback recording server"],
  // `client.listen(...)` there is the MCP v2 client's subscriptions/listen request; the server is serveMcp's own.
  ["tests/mcp/serve-mcp-resource-subscriptions.test.ts", "client.listen is an MCP request, not a server"],
]);

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" && dir === tests ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") && !entry.name.endsWith(".integration.test.ts") ? [path] : [];
  });
}

/** The files under tests/ that `file` imports by a relative path (static, dynamic or require), resolved to sources. */
function localImports(file, text) {
  const found = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g)) {
    const base = resolve(dirname(file), match[1]);
    const candidates = [base, base.replace(/\.(c?)js$/, ".$1ts"), `${base}.ts`, join(base, "index.ts")];
    const hit = candidates.find((path) => path.startsWith(tests + "/") && existsSync(path) && /\.c?ts$/.test(path));
    if (hit) found.push(hit);
  }
  return found;
}

/** The first line of `text` that matches `pattern`, as "path:line", or undefined. */
function firstMatch(file, text, pattern) {
  const lines = text.split("\n");
  const index = lines.findIndex((line) => pattern.test(line) && !/^\s*(\/\/|\*)/.test(line));
  return index < 0 ? undefined : `${relative(root, file)}:${index + 1}`;
}

const problems = [];
for (const suite of testFiles(tests)) {
  const name = relative(root, suite);
  const seen = new Set();
  const queue = [suite];
  let spawns;
  let serves;
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    spawns ??= firstMatch(file, text, CHILD_PROCESS);
    serves ??= firstMatch(file, text, SERVER);
    queue.push(...localImports(file, text));
  }
  if (spawns) problems.push(`${name} spawns a child process (${spawns})`);
  if (serves && !SERVER_EXCEPTIONS.has(name)) problems.push(`${name} starts a server (${serves})`);
}
// A renamed or deleted suite leaves no stale exception behind (checked on the repo itself, not on a --root tree).
for (const name of root === ownRoot ? SERVER_EXCEPTIONS.keys() : []) {
  if (!existsSync(join(root, name))) problems.push(`SERVER_EXCEPTIONS names ${name}, which does not exist`);
}

if (problems.length > 0) {
  console.error(
    "Suites that spawn processes or start servers are named *.integration.test.ts (jest.config.cjs picks them by\n" +
      "that suffix alone). Rename these with `git mv`, or, for an in-process loopback server, add the suite to\n" +
      "SERVER_EXCEPTIONS in scripts/check-integration-suites.mjs with the reason:\n" +
      problems.map((problem) => `  ${problem}`).join("\n"),
  );
  process.exit(1);
}
console.log(`check-integration-suites: ${testFiles(tests).length} unit suites spawn no process`);

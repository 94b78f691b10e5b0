#!/usr/bin/env node
// Checks the layering of src/ (docs/architecture.md): every import, type-only ones and dynamic import() included,
// points down the layer list or stays inside its layer, and no two files import each other through any chain.
//
//   node scripts/check-architecture.mjs [--graph] [--root <dir>]
//
// Rooms (ROOMS below) are folders entered only through their index.ts: a file outside a room may import nothing of it
// but its door. Exit code 1 on an upward import, a cycle, a door walked past, or a folder missing from LAYERS (a new
// folder must be placed on purpose).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The layers, lowest first. A file may import from its own layer and from any layer listed before it. */
export const LAYERS = [
  "errors",
  "runtime",
  "params",
  "schema",
  "content",
  "tool",
  "state",
  "redis",
  "providers",
  "decorators",
  "reflect",
  "policy",
  "dispatch",
  "registry",
  "agent",
  "durable",
  "mcp",
  "adapters",
  "generate",
  "vite",
  "devtools",
  "cli",
];

/**
 * The rooms: folders (under src/) that a file outside them enters only through their index.ts. A file inside a room
 * may import anything of it, and of any room it sits in. The innermost room around an imported file is the one whose
 * door counts, so the pipeline's own files still enter approvals/ and tasks/ through their doors.
 */
export const ROOMS = [
  "dispatch",
  "state/approvals",
  "state/tasks",
  "state/grants",
  "policy",
  "mcp/serve",
  "mcp/import",
  "devtools",
];

// `--root <dir>` checks another tree laid out the same way (the checker's own test uses it).
const rootFlag = process.argv.indexOf("--root");
const root =
  rootFlag > 0 ? resolve(process.argv[rootFlag + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.c?ts$/.test(entry.name) ? [path] : [];
  });
}

/** Returns the relative module specifiers a file imports or re-exports, static or dynamic. */
function importsOf(file) {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers.filter((specifier) => specifier.startsWith("."));
}

/** The layer of a file: its first folder under src/; files directly in src/ are entry points above every layer. */
function layerOf(file) {
  const parts = relative(src, file).split(/[\\/]/);
  return parts.length === 1 ? undefined : parts[0];
}

/** The innermost room a file sits in, or undefined. */
function roomOf(file) {
  const path = relative(src, file).split(/[\\/]/).join("/");
  let found;
  for (const room of ROOMS) if (path.startsWith(`${room}/`) && (!found || room.length > found.length)) found = room;
  return found;
}

function insideRoom(file, room) {
  return relative(src, file).split(/[\\/]/).join("/").startsWith(`${room}/`);
}

const files = sourceFiles(src);
const edges = new Map(files.map((file) => [file, []]));
const problems = [];
for (const file of files) {
  for (const specifier of importsOf(file)) {
    const target = resolve(dirname(file), specifier)
      .replace(/\.js$/, ".ts")
      .replace(/\.cjs$/, ".cts");
    if (!edges.has(target)) {
      problems.push(`${relative(root, file)}: cannot resolve "${specifier}"`);
      continue;
    }
    edges.get(file).push(target);
    const from = layerOf(file);
    const to = layerOf(target);
    const room = roomOf(target);
    if (room !== undefined && !insideRoom(file, room) && target !== join(src, room, "index.ts")) {
      problems.push(
        `${relative(root, file)} imports ${relative(root, target)}: enter src/${room}/ through its index.ts`,
      );
    }
    if (from === undefined) continue;
    if (to === undefined) {
      problems.push(`${relative(root, file)} imports the entry point ${relative(root, target)}`);
    } else if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
      problems.push(`${relative(root, file)} (${from}) imports ${relative(root, target)} (${to}): a higher layer`);
    }
  }
}
for (const room of ROOMS) {
  // A room absent from the tree checked (another tree given by --root) has nothing to guard.
  const present = files.some((file) => insideRoom(file, room));
  if (present && !edges.has(join(src, room, "index.ts")))
    problems.push(`src/${room}/ is a room without a door (index.ts)`);
}
for (const layer of new Set(files.map(layerOf).filter(Boolean))) {
  if (!LAYERS.includes(layer))
    problems.push(`src/${layer}/ is not in LAYERS: place it in scripts/check-architecture.mjs`);
}

// Strongly connected components (Tarjan): any component of more than one file, or a file importing itself, is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function connect(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file)) {
    if (!index.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)));
    }
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || edges.get(file).includes(file)) {
    problems.push(`import cycle: ${component.map((f) => relative(root, f)).join(" -> ")}`);
  }
}
for (const file of files) if (!index.has(file)) connect(file);

if (process.argv.includes("--graph")) {
  const counts = new Map();
  for (const [file, targets] of edges) {
    for (const target of targets) {
      const key = `${layerOf(file) ?? "(entry)"} -> ${layerOf(target)}`;
      if (layerOf(file) !== layerOf(target)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of [...counts].sort()) console.log(`${key}  ${count}`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`architecture check: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`architecture check: ${files.length} files, layers respected, no import cycles`);

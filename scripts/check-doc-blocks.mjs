#!/usr/bin/env node
// Type-checks every ```ts block of the docs, so the guide cannot drift from the API.
//
//   node scripts/check-doc-blocks.mjs [--entry FILE] [file.md | folder ...]   (default: docs/, without docs/api/)
//
// Each block is a module of its own, checked with the project's compiler options (except noImplicitOverride: docs
// show `static agentName = ...` as users write it); "toolwright" resolves to src/index.ts, or to FILE with --entry
// (e.g. dist/esm/index.d.ts, to check the docs against the build). Two HTML comments on the line before a block
// change that:
//   <!-- not-checked -->  the block is a fragment: skip it (use sparingly).
//   <!-- continues -->    the block goes on from the previous checked block of the same page (which is checked
//                         with it), so a page can build one example step by step.
// Errors are reported at the Markdown line they come from; the exit code is 1 when there is any.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FENCE = /^```(?:ts|typescript)\s*$/;
const MARKER = /^<!--\s*(not-checked|continues)\s*-->$/;

function markdownFiles(target) {
  const path = resolve(target);
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && entry.name === "api" && path === resolve(root, "docs")))
    .flatMap((entry) =>
      entry.isDirectory()
        ? markdownFiles(join(path, entry.name))
        : entry.name.endsWith(".md")
          ? [join(path, entry.name)]
          : [],
    )
    .sort();
}

/** Returns the ts blocks of a Markdown text: first code line (1-based), code, and the marker before the fence. */
export function extractBlocks(text) {
  const lines = text.split(/\r?\n/);
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!FENCE.test(lines[i].trim())) continue;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === "") before -= 1;
    const marker = before >= 0 ? MARKER.exec(lines[before].trim())?.[1] : undefined;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end].trim())) end += 1;
    blocks.push({ line: start + 1, code: lines.slice(start, end), marker });
    i = end;
  }
  return blocks;
}

/** Builds the module files of one page: each with its segments, to map a line back to the page. */
function pageModules(doc, blocks) {
  const modules = [];
  let previous;
  blocks.forEach((block, index) => {
    if (block.marker === "not-checked") return;
    const segments = block.marker === "continues" && previous ? [...previous.segments] : [];
    segments.push({ line: block.line, code: block.code });
    previous = { name: `${relative(root, doc).replace(/[^A-Za-z0-9]+/g, "_")}_${index + 1}.ts`, doc, segments };
    modules.push(previous);
  });
  return modules;
}

function writeModules(dir, modules) {
  for (const module of modules) {
    const lines = module.segments.flatMap((segment) => segment.code);
    // `export {}` makes every block a module, so two blocks may declare the same names.
    writeFileSync(join(dir, module.name), `${lines.join("\n")}\nexport {};\n`);
  }
}

function toDocLine(module, line) {
  let remaining = line;
  for (const segment of module.segments) {
    if (remaining <= segment.code.length) return segment.line + remaining - 1;
    remaining -= segment.code.length;
  }
  return module.segments.at(-1).line;
}

/**
 * Maps "toolwright" to `entry` and each subpath of package.json's exports ("./mcp", ...) to the same file name in the
 * folder its build output lives in (dist/esm/mcp/index.d.ts for dist/esm/mcp/index.js; src/mcp/index.ts for the
 * sources), so docs import subpaths exactly as users do.
 */
function subpathEntries(entry) {
  const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const paths = { toolwright: [entry] };
  for (const [subpath, target] of Object.entries(exports)) {
    // toolwright/internal/ajv-family (one CommonJS file, no `import` condition) is no API docs may import.
    if (subpath === "." || typeof target !== "object" || target.import === undefined) continue;
    const built = dirname(target.import.default).replace(/^\.\/dist\/esm\/?/, "");
    paths[`toolwright/${subpath.slice(2)}`] = [join(dirname(entry), built, basename(entry))];
  }
  return paths;
}

/** Type-checks the block modules; returns their errors (at Markdown lines) and how many errors lie outside them. */
function typeCheck(dir, modules, entry) {
  const tsconfig = {
    extends: join(root, "tsconfig.base.json"),
    compilerOptions: {
      noEmit: true,
      noImplicitOverride: false,
      types: ["node"],
      typeRoots: [join(root, "node_modules", "@types")],
      paths: subpathEntries(entry),
    },
    files: modules.map((module) => module.name),
  };
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), process.platform === "win32" ? "junction" : "dir");
  const config = ts.parseJsonConfigFileContent(tsconfig, ts.sys, dir);
  const program = ts.createProgram(config.fileNames, config.options);
  const errors = [];
  // File by file, syntax and semantics: tsc itself hides every semantic error once any file has a syntax error.
  for (const module of modules) {
    const file = program.getSourceFile(join(dir, module.name));
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    for (const diagnostic of diagnostics) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const at = `${relative(root, module.doc)}:${toDocLine(module, line + 1)}`;
      errors.push(
        `${at}: error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n  ")}`,
      );
    }
  }
  const outside = program
    .getSourceFiles()
    .filter((file) => !file.fileName.startsWith(dir) && !file.isDeclarationFile)
    .reduce((count, file) => count + program.getSemanticDiagnostics(file).length, 0);
  // A block that continues another repeats that one's errors: report each once.
  return { lines: [...new Set(errors)], outside };
}

function main(argv) {
  const args = [...argv];
  const at = args.indexOf("--entry");
  const entry = at === -1 ? join(root, "src", "index.ts") : resolve(args.splice(at, 2)[1] ?? "");
  const files = (args.length > 0 ? args : [join(root, "docs")]).flatMap(markdownFiles);
  const modules = files.flatMap((doc) => pageModules(doc, extractBlocks(readFileSync(doc, "utf8"))));
  if (modules.length === 0) {
    console.log(`No ts blocks to check in ${files.length} Markdown files.`);
    return 0;
  }
  const dir = mkdtempSync(join(tmpdir(), "toolwright-doc-blocks-"));
  try {
    writeModules(dir, modules);
    const { lines, outside } = typeCheck(dir, modules, entry);
    for (const line of lines) console.error(line);
    if (outside > 0) console.error(`(${outside} errors outside the doc blocks, in the sources: run npm run typecheck)`);
    const count = `${modules.length} ts blocks in ${files.length} Markdown files`;
    console.log(lines.length === 0 ? `Checked ${count}: no errors.` : `Checked ${count}: ${lines.length} errors.`);
    return lines.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = main(process.argv.slice(2));

// Builds the package: bundled JavaScript (esbuild) in two formats, and the .d.ts files (tsc, declarations only).
//
// dist/esm: one ES module per entry point (the main entry, each subpath entry, the command) and shared chunks
// (dist/esm/chunks/), split by esbuild, so the entries share ONE copy of module state (registries, symbols, the class
// metadata cache) and a process loads a handful of files instead of about a hundred.
//
// dist/cjs: esbuild cannot split CommonJS, and one bundle per entry would give each entry its own copy of that state.
// So each ESM file (entries and chunks) is converted on its own into a CommonJS file of the same name, its relative
// imports becoming require() calls of the converted neighbours: the same module graph, the same single copy of state.
// The esbuild chunk graph is acyclic (checked below), so require() order is the ESM evaluation order. Dynamic
// import() of a peer becomes require(), as tsc's CommonJS output did, so a CommonJS app and toolwright load the same
// (CommonJS) copy of the MCP SDK or node-redis. The command is ESM only, as before.
//
// Dependencies and peers stay external: every bare specifier is left to Node. The CommonJS files src/ keeps for lazy
// loading (reflect/load-parser.cts and friends) use require(); in the ESM files esbuild routes it through `__require`,
// which finds the `require` this script defines (made on first use by createRequire of the file's own URL, so a
// CommonJS bundle of an app, which has no import.meta.url, still loads) in the file that declares it.
// The dist/cjs/package.json says "commonjs", so Node and TypeScript read that folder's .js and .d.ts files as such.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import webFormats from "./web-formats.cjs";

const ENTRIES = {
  index: "src/index.ts",
  "mcp/index": "src/mcp/index.ts",
  "adapters/ai-sdk/index": "src/adapters/ai-sdk/index.ts",
  "adapters/openai-agents/index": "src/adapters/openai-agents/index.ts",
  "adapters/langchain/index": "src/adapters/langchain/index.ts",
  "adapters/otel/index": "src/adapters/otel/index.ts",
  "adapters/restate/index": "src/adapters/restate/index.ts",
  "adapters/temporal/index": "src/adapters/temporal/index.ts",
  "adapters/temporal-workflow/index": "src/adapters/temporal-workflow/index.ts",
  "redis/index": "src/redis/index.ts",
  "vite/index": "src/vite/index.ts",
  "cli/toolwright": "src/cli/toolwright.ts",
};
const ESM_ONLY = new Set(["cli/toolwright.js"]);
// Entries bundled on their own, each one self-contained file per format, sharing no chunk: Temporal's workflow bundle
// may hold only deterministic code, and the shared chunks load Node modules (node:module, node:async_hooks) that its
// bundler refuses. They hold no state of their own (names and pure functions), so a second copy of them costs nothing.
const STANDALONE = new Set(["adapters/temporal-workflow/index"]);
// The Symbol.metadata shim (src/decorators/metadata.ts) as esbuild prints it.
const SHIM = /^Symbol\.metadata \?\?= (\/\* @__PURE__ \*\/ )?Symbol\.for\("Symbol\.metadata"\);$/m;
const TARGET = "node20.3";

// Gives the ESM file that declares esbuild's `__require` a real `require`, resolving from the file itself as the
// CommonJS copy of the same file would. It is made on the first require(), never at load: an app bundled to CommonJS
// (esbuild, tsup, rolldown) has no import.meta.url, and a createRequire(undefined) at load crashed it before its first
// line. There the bundle's own __filename stands in. A hashbang must stay on the first line.
const REQUIRE_HEADER =
  'import { createRequire as __createRequire } from "node:module";\n' +
  "let __requireHere;\n" +
  "const require = (id) => (__requireHere ??= __createRequire(" +
  'typeof import.meta.url === "string" ? import.meta.url : __filename))(id);\n';

// Resolves when tsc is done; prints its diagnostics and fails the build when it reports any.
const tsc = (project) =>
  new Promise((done, fail) => {
    const args = ["node_modules/typescript/bin/tsc", "-p", project, "--emitDeclarationOnly"];
    spawn(process.execPath, args, { stdio: "inherit" }).on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`tsc -p ${project} failed (exit code ${code})`)),
    );
  });

/** Adds REQUIRE_HEADER to an ESM file that declares `__require`, and shifts its source map by the lines added. */
function withRequire(js, map) {
  if (!/^var __require = /m.test(js.text)) return { js: js.contents, map: map.contents };
  const hashbang = js.text.startsWith("#!") ? js.text.slice(0, js.text.indexOf("\n") + 1) : "";
  const parsed = JSON.parse(map.text);
  const lines = parsed.mappings.split(";");
  const at = hashbang ? 1 : 0;
  lines.splice(
    at,
    0,
    ...REQUIRE_HEADER.split("\n")
      .slice(0, -1)
      .map(() => ""),
  );
  return {
    js: hashbang + REQUIRE_HEADER + js.text.slice(hashbang.length),
    map: JSON.stringify({ ...parsed, mappings: lines.join(";") }),
  };
}

/**
 * The output files reachable from `roots` (paths relative to dist/esm, POSIX separators): by static imports, and by the
 * import() of a module the main entry loads on first use (dispatch/load-keepers.ts), which CommonJS require()s then.
 */
function reachable(metafile, roots) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of metafile.outputs[`dist/esm/${file}`].imports) {
      if (!edge.external && (edge.kind === "import-statement" || edge.kind === "dynamic-import")) {
        visit(posix.relative("dist/esm", edge.path));
      }
    }
  };
  roots.forEach(visit);
  return seen;
}

/** Throws when two output files import each other through any chain: CommonJS would see a half-loaded module. */
function assertAcyclic(metafile) {
  const state = new Map();
  const visit = (file, path) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open")
      throw new Error(`import cycle between output files: ${[...path, file].join(" → ")}`);
    state.set(file, "open");
    for (const edge of metafile.outputs[file].imports) {
      if (!edge.external && edge.kind === "import-statement") visit(edge.path, [...path, file]);
    }
    state.set(file, "done");
  };
  Object.keys(metafile.outputs)
    .filter((file) => file.endsWith(".js"))
    .forEach((file) => visit(file, []));
}

// Every other entry, and every module the command loads with import(), is built from a wrapper that also imports the
// main entry. esbuild puts a module in one chunk per set of entries that reach it; with tree shaking off (every module
// is kept whole, as tsc's output was), every entry reaches all of the main entry's modules, so they share ONE chunk
// instead of one per combination of entries (16 files for `import "toolwright"` without the wrappers, 2 with them).
// It costs nothing real: a process that loads a subpath entry has the main entry loaded for its agents anyway.
const MAIN = resolve(ENTRIES.index);
const throughMain = {
  name: "through-main-entry",
  setup(build) {
    build.onResolve({ filter: /^main-entry-and:/ }, (args) => ({ path: args.path.split(":")[1], namespace: "wrap" }));
    build.onResolve({ filter: /^\./ }, (args) =>
      args.kind === "dynamic-import" && args.namespace === "file"
        ? { path: resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts")), namespace: "wrap" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "wrap" }, (args) => {
      const source = readFileSync(args.path, "utf8");
      // `export *` leaves a default export behind; no entry or lazily loaded module has one.
      if (/^export default\b|^export \{[^}]*\bdefault\b/m.test(source)) {
        throw new Error(`${args.path}: a wrapped module must not have a default export`);
      }
      // The command's hashbang must stay the first line of its output file.
      const hashbang = source.startsWith("#!") ? source.slice(0, source.indexOf("\n") + 1) : "";
      const contents = `${hashbang}import ${JSON.stringify(MAIN)};\nexport * from ${JSON.stringify(args.path)};\n`;
      return { contents, loader: "ts", resolveDir: dirname(args.path) };
    });
  },
};
// The main entry itself, and the Vite plugin: it runs in a build tool's process, shares no state with the runtime and
// imports nothing of it.
const OUTSIDE_MAIN = new Set(["index", "vite/index"]);
const entryPoints = Object.fromEntries(
  Object.entries(ENTRIES)
    .filter(([name]) => !STANDALONE.has(name))
    .map(([name, file]) => [name, OUTSIDE_MAIN.has(name) ? file : `main-entry-and:${resolve(file)}`]),
);

// ajv, ajv-formats and ajv's standalone generator (schema/ajv-family.cjs) ship as ONE CommonJS file, bundled from the
// locked packages: Node resolving, reading and wrapping ajv's 88 files one by one cost a fresh process's import +
// define + first call about 20 ms of ~90 (docs/performance.md), and the file is read only then. Both formats
// require it by the package's own name, `toolwright/internal/ajv-family`, never by a path: from an app bundle that
// took toolwright in, a path would be read beside the bundle (any file of that name, or a permission error on Deno);
// the name is found in node_modules. From dist/esm it is a self-reference (the root package.json is the nearest one);
// dist/cjs's nearest is its own `{ "type": "commonjs" }` (an "exports" there is no self-reference publint accepts:
// nested "exports" are ignored by Node's package resolution), so there the name is found as any package is, in the
// node_modules folder toolwright is installed in.
const AJV_FAMILY = { subpath: "./internal/ajv-family", file: "dist/cjs/ajv-family.cjs" };
const PACKAGE = JSON.parse(readFileSync("package.json", "utf8"));
// The name both formats require: the package's own, with the subpath its package.json exports the file under.
const AJV_FAMILY_ID = `${PACKAGE.name}/${AJV_FAMILY.subpath.slice(2)}`;
const ajvFamilyOutside = {
  name: "ajv-family-outside",
  setup(build) {
    build.onResolve({ filter: /^\.\/ajv-family\.cjs$/ }, () => ({ path: AJV_FAMILY_ID, external: true }));
  },
};

/**
 * The licence texts of the packages an esbuild bundle took in (from its metafile's inputs), as one comment: MIT and
 * BSD ask that their notices travel with every copy of the code.
 */
function licencesOf(metafile) {
  const roots = new Set(
    Object.keys(metafile.inputs).flatMap((input) => {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      return match ? [match[1]] : [];
    }),
  );
  const notices = [...roots].sort().map((root) => {
    const { name, version, license } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const file = readdirSync(root).find((entry) => /^licen[cs]e/i.test(entry));
    const text = file ? readFileSync(join(root, file), "utf8").trim() : `(${license}; no licence file in the package)`;
    return `${name}@${version} (${license}):\n\n${text}`;
  });
  return `\n/*! Bundled packages and their licences:\n\n${notices.join("\n\n").replaceAll("*/", "* /")}\n*/\n`;
}

rmSync("dist", { recursive: true, force: true });
// The two declaration builds run beside esbuild; a failure is reported once both are done, after the JavaScript.
const declarations = Promise.allSettled([tsc("tsconfig.build.json"), tsc("tsconfig.cjs.json")]);

const esm = await build({
  entryPoints,
  plugins: [ajvFamilyOutside, throughMain],
  outdir: "dist/esm",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: TARGET,
  packages: "external",
  treeShaking: false,
  // package.json's "sideEffects" describes dist/, not src/: read literally, it would drop decorators/metadata.ts.
  ignoreAnnotations: true,
  sourcemap: true,
  metafile: true,
  write: false,
  logLevel: "warning",
});
assertAcyclic(esm.metafile);

// package.json "sideEffects" must name the file the shim landed in, in both formats, or a bundler may drop it.
const { sideEffects } = PACKAGE;
const declared = (path) =>
  sideEffects.some((pattern) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`).test(path),
  );
const shimFiles = esm.outputFiles.filter((file) => SHIM.test(file.text)).map((file) => relative("dist/esm", file.path));
const undeclared = shimFiles
  .flatMap((file) => [`./dist/esm/${file}`, `./dist/cjs/${file}`])
  .filter((path) => !declared(path));
if (shimFiles.length !== 1 || undeclared.length > 0) {
  throw new Error(
    `the Symbol.metadata shim is in ${shimFiles.join(", ") || "no output file"}; package.json "sideEffects" must ` +
      `name that one file in both formats (missing: ${undeclared.join(", ")})`,
  );
}

// CommonJS is converted from the files as esbuild wrote them (no header: there `require` is the module's own), from a
// folder as deep as dist/esm, so the source maps' relative paths to src/ stay right and esbuild can follow them.
const RAW = "dist/esm-raw";
const written = new Map(esm.outputFiles.map((file) => [relative("dist/esm", file.path), file]));
for (const [name, file] of written) {
  mkdirSync(dirname(join(RAW, name)), { recursive: true });
  writeFileSync(join(RAW, name), file.contents);
  if (name.endsWith(".map")) continue;
  const { js, map } = withRequire(file, written.get(`${name}.map`));
  mkdirSync(dirname(join("dist/esm", name)), { recursive: true });
  writeFileSync(join("dist/esm", name), js);
  writeFileSync(join("dist/esm", `${name}.map`), map);
}

const cjsRoots = Object.keys(entryPoints)
  .map((entry) => `${entry}.js`)
  .filter((file) => !ESM_ONLY.has(file));
await build({
  entryPoints: [...reachable(esm.metafile, cjsRoots)].map((file) => join(RAW, file)),
  outbase: RAW,
  outdir: "dist/cjs",
  bundle: false,
  format: "cjs",
  platform: "node",
  target: TARGET,
  // tsc's CommonJS output turned import() of a peer into require(); keep that.
  supported: { "dynamic-import": false },
  sourcemap: true,
  logLevel: "warning",
});
rmSync(RAW, { recursive: true });
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }, null, 2) + "\n");
if (PACKAGE.exports[AJV_FAMILY.subpath]?.default !== `./${AJV_FAMILY.file}`) {
  throw new Error(
    `package.json must export ${AJV_FAMILY.subpath} as ./${AJV_FAMILY.file}, the file ${AJV_FAMILY_ID} names`,
  );
}

const family = await build({
  entryPoints: ["src/schema/ajv-family.cjs"],
  outfile: AJV_FAMILY.file,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: TARGET,
  metafile: true,
  write: false,
  logLevel: "warning",
});
const familyImports = Object.values(family.metafile.outputs).flatMap((output) => output.imports);
if (familyImports.length > 0) {
  throw new Error(`${AJV_FAMILY.file} must be whole; it loads ${familyImports.map((edge) => edge.path).join(", ")}`);
}
writeFileSync(AJV_FAMILY.file, family.outputFiles[0].text + licencesOf(family.metafile));

// The page of `toolwright dev` ships as it is written (plain HTML, CSS and browser modules): the command finds it
// beside itself, in dist/esm/devtools/page (src/cli/dev.ts, assetsDir).
cpSync("src/devtools/page", "dist/esm/devtools/page", { recursive: true });

for (const name of STANDALONE) {
  for (const format of ["esm", "cjs"]) {
    await build({
      entryPoints: [ENTRIES[name]],
      outfile: `dist/${format}/${name}.js`,
      bundle: true,
      format,
      platform: "neutral",
      target: TARGET,
      packages: "external",
      sourcemap: true,
      logLevel: "warning",
    });
  }
}

// dist/web: the main entry and `toolwright/mcp` for runtimes without Node's modules or code generation (the `workerd`,
// `worker`, `browser` and `edge-light` export conditions): ES modules, their dependencies imported statically so every
// bundler includes them, the modules that load them lazily on Node swapped for their web forms, and the no-eval
// validator in place of ajv (docs/toolchains.md, Runtimes). Split like dist/esm: the two entries share one chunk of the
// main entry's modules, so an agent from "toolwright" and the endpoint from "toolwright/mcp" see one copy of its state.
const WEB_FORMS = {
  "load-builtin.cjs": "src/runtime/load-builtin-web.ts",
  "load-dependencies.cjs": "src/schema/load-dependencies-web.ts",
  "load-keepers.js": "src/dispatch/load-keepers-web.ts",
  "load-parser.cjs": "src/reflect/load-parser-web.ts",
  "validator-engine.js": "src/schema/validator-engine-web.ts",
};
// @hyperjump/json-schema-formats (the 2020-12 format checks) is bundled into dist/web, not imported, so that its
// idn-hostname dependency can be swapped for schema/idn-hostname-web.ts, which checks with the runtime's own URL
// parser instead of 175 KiB of Unicode tables (docs/hardening.md says what that changes). @cfworker/json-schema (the
// no-eval interpreter) likewise, so that its format table, which schema/no-eval/format-table.ts overwrites name by
// name before the first compile, is swapped for the empty one of schema/no-eval/interpreter-formats-web.ts.
const BUNDLED_IN_WEB =
  /^@hyperjump\/|^@cfworker\/json-schema$|^ajv\/dist\/refs\/json-schema-2020-12\/index\.js$|^ajv-formats\/dist\/formats\.js$/;
const CFWORKER_FORMATS = /[\\/]node_modules[\\/]@cfworker[\\/]json-schema[\\/]/;
// The 2020-12 meta-schemas the no-eval engine checks a hand-written schema against (schema/no-eval/meta-documents.ts)
// are bundled too, without their own annotations: a meta-schema's `title`, `description` and `$comment` (a keyword
// whose value is a string; a property of that name is an object) judge no schema, and they were a fifth of the
// documents' bytes in every Worker bundle.
const META_DOCUMENT = /[\\/]node_modules[\\/]ajv[\\/]dist[\\/]refs[\\/]json-schema-2020-12[\\/].*\.json$/;
const ANNOTATIONS = new Set(["title", "description", "$comment"]);
const withoutAnnotations = (node) =>
  Array.isArray(node)
    ? node.map(withoutAnnotations)
    : typeof node === "object" && node !== null
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([key, value]) => !(ANNOTATIONS.has(key) && typeof value === "string"))
            .map(([key, value]) => [key, withoutAnnotations(value)]),
        )
      : node;
// ajv-formats' formats.js (the full checks schema/load-dependencies-web.ts reads) is bundled too, without what toolwright
// never reads there (scripts/web-formats.cjs says what and why).
const AJV_FORMATS = /[\\/]node_modules[\\/]ajv-formats[\\/]dist[\\/]formats\.js$/;
const webForms = {
  name: "web-forms",
  setup(build) {
    build.onResolve(
      { filter: /(load-builtin|load-dependencies|load-parser)\.cjs$|(validator-engine|load-keepers)\.js$/ },
      (args) => ({
        path: resolve(WEB_FORMS[posix.basename(args.path)]),
      }),
    );
    build.onResolve({ filter: BUNDLED_IN_WEB }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
    build.onLoad({ filter: META_DOCUMENT }, (args) => ({
      contents: JSON.stringify(withoutAnnotations(JSON.parse(readFileSync(args.path, "utf8")))),
      loader: "json",
    }));
    build.onLoad({ filter: AJV_FORMATS }, (args) => ({
      contents: webFormats.webFormatsSource(readFileSync(args.path, "utf8"), args.path),
      loader: "js",
    }));
    build.onResolve({ filter: /^idn-hostname$/ }, () => ({ path: resolve("src/schema/idn-hostname-web.ts") }));
    build.onResolve({ filter: /^\.\/format\.js$/ }, (args) =>
      CFWORKER_FORMATS.test(args.importer)
        ? { path: resolve("src/schema/no-eval/interpreter-formats-web.ts") }
        : undefined,
    );
  },
};
const WEB_ENTRIES = ["index", "mcp/index"];
const web = await build({
  entryPoints: Object.fromEntries(WEB_ENTRIES.map((name) => [name, ENTRIES[name]])),
  plugins: [webForms],
  outdir: "dist/web",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  packages: "external",
  treeShaking: false,
  ignoreAnnotations: true,
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});
const nodeOnly = Object.values(web.metafile.outputs).flatMap((output) =>
  output.imports
    .filter((edge) => edge.path.startsWith("node:") || edge.kind === "require-call")
    .map((edge) => edge.path),
);
if (nodeOnly.length > 0) throw new Error(`dist/web imports what only Node has: ${nodeOnly.join(", ")}`);
// Nor may it load a module of its own later: a Worker is one bundle, and what Node loads on first use (WEB_FORMS) is
// imported statically here.
const loadedLater = Object.entries(web.metafile.outputs).flatMap(([file, output]) =>
  output.imports
    .filter((edge) => !edge.external && edge.kind === "dynamic-import")
    .map((edge) => `${file} → ${edge.path}`),
);
if (loadedLater.length > 0) throw new Error(`dist/web loads its own modules with import(): ${loadedLater.join(", ")}`);
// What the web build leaves out on purpose, to keep a Worker small (docs/toolchains.md, Runtimes): the parser, the
// Unicode tables of idn-hostname (schema/idn-hostname-web.ts checks host names instead), re2js (schema/pike-pattern.ts
// matches patterns instead) and the no-eval interpreter's own format table (toolwright's checks replace it).
const LEFT_OUT =
  /^(acorn|idn-hostname|re2js)$|\/node_modules\/(acorn|idn-hostname|re2js)\/|\/node_modules\/@cfworker\/json-schema\/.*\/format\.js$/;
const leftOutFound = Object.values(web.metafile.outputs).flatMap((output) => [
  ...output.imports.map((edge) => edge.path).filter((path) => LEFT_OUT.test(path)),
  ...Object.keys(output.inputs).filter((path) => LEFT_OUT.test(`/${path}`)),
]);
if (leftOutFound.length > 0) throw new Error(`dist/web must leave out: ${[...new Set(leftOutFound)].join(", ")}`);
// As for dist/esm: package.json "sideEffects" must name the web file the shim landed in.
const webShim = Object.keys(web.metafile.outputs).filter(
  (file) => file.endsWith(".js") && SHIM.test(readFileSync(file, "utf8")),
);
if (webShim.length !== 1 || !declared(`./${webShim[0]}`)) {
  throw new Error(
    `the Symbol.metadata shim is in ${webShim.join(", ") || "no dist/web file"}; package.json "sideEffects" must ` +
      "name that one file",
  );
}

for (const outcome of await declarations) if (outcome.status === "rejected") throw outcome.reason;
// tsc emits no declarations for a hand-written .d.cts: the ajv entry's types (package.json exports) are copied.
cpSync("src/schema/ajv-family.d.cts", "dist/cjs/schema/ajv-family.d.cts");

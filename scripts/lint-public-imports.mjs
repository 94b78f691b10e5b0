// An ESLint plugin with one rule, "public-names-from-package", for tests/: a name that the package exports publicly
// ("toolwright" or a subpath of package.json's "exports") is imported from there, as users import it, never by its
// path under src/. Internals (names no public entry exports) stay importable by path.
//
// The public names are found by the TypeScript checker, once per lint run: every export of every public entry,
// followed through re-exports to the declaration it names. An import from src/ is refused when the name it imports
// leads to one of those declarations, so an internal that shares a public name but is another thing is left alone.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

/** The public entries: "toolwright/<subpath>" for each key of package.json's exports, with the source file it maps. */
function publicEntries() {
  const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return Object.entries(exports).flatMap(([key, target]) => {
    const built = target?.import?.default;
    if (typeof built !== "string" || !built.startsWith("./dist/esm/")) return [];
    const file = join(root, "src", built.slice("./dist/esm/".length).replace(/\.js$/, ".ts"));
    return [{ specifier: key === "." ? "toolwright" : `toolwright/${key.slice(2)}`, file }];
  });
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.c?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

let cache;

/**
 * Built on first use: `publicBy` maps a declaration (file and position) to the public specifier that exports it, and
 * `exportsOf(file)` lists a src/ file's exports, each leading to its declaration.
 */
function publicApi() {
  if (cache) return cache;
  const entries = publicEntries();
  const program = ts.createProgram(sourceFiles(src), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    allowJs: false,
    noEmit: true,
    skipLibCheck: true,
    // Only which declaration each export names is asked, and every src/ file is a root: no lib, no @types and no peer
    // package is read (a fifth of the time; a re-export of a peer's type is not toolwright's declaration anyway).
    types: [],
    noResolve: true,
    noLib: true,
  });
  const checker = program.getTypeChecker();
  const target = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const keyOf = (symbol) => {
    const declaration = target(symbol).declarations?.[0];
    return declaration ? `${declaration.getSourceFile().fileName}:${declaration.pos}` : undefined;
  };
  const exportsOf = (file) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) return new Map();
    return new Map(checker.getExportsOfModule(module).map((symbol) => [symbol.name, keyOf(symbol)]));
  };
  const publicBy = new Map();
  for (const { specifier, file } of entries) {
    for (const [name, key] of exportsOf(file)) {
      // The main entry wins over a subpath that also exports the name: "toolwright" is the shorter way to say it.
      if (key && (!publicBy.has(key) || specifier === "toolwright")) publicBy.set(key, { specifier, name });
    }
  }
  cache = { publicBy, exportsOf, entryFiles: new Set(entries.map((entry) => entry.file)) };
  return cache;
}

/** The src/ file a relative specifier written in `fromFile` names (".js" written for ".ts", as NodeNext has it). */
function resolveSource(fromFile, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const path = resolve(dirname(fromFile), specifier);
  if (!path.startsWith(src + "/")) return undefined;
  return path.replace(/\.js$/, ".ts").replace(/\.cjs$/, ".cts");
}

const rule = {
  meta: {
    type: "suggestion",
    docs: { description: 'Import public names from "toolwright" (or its subpath), as users do, not by a src/ path.' },
    schema: [],
    messages: {
      publicName:
        '"{{name}}" is public: import it from "{{specifier}}" (as users do), not from "{{path}}". Only internals are imported by path.',
    },
  },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const file = resolveSource(context.filename, node.source.value);
      if (!file) return;
      const api = publicApi();
      const exported = api.exportsOf(file);
      for (const specifier of node.specifiers ?? []) {
        const imported =
          specifier.type === "ImportSpecifier"
            ? specifier.imported
            : specifier.type === "ExportSpecifier"
              ? specifier.local
              : undefined;
        if (!imported) continue;
        const name = imported.type === "Identifier" ? imported.name : imported.value;
        const found = api.publicBy.get(exported.get(name));
        if (found) {
          context.report({
            node: specifier,
            messageId: "publicName",
            data: {
              name: found.name === name ? name : `${name}" (public as "${found.name}`,
              specifier: found.specifier,
              path: node.source.value,
            },
          });
        }
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check };
  },
};

/** The plugin, registered in eslint.config.js as "toolwright". */
export default { rules: { "public-names-from-package": rule } };

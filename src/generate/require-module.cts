// A CommonJS file in both builds, so the ESM copy of the package loads the compiler with require(): Node's ESM import
// of a CommonJS package first scans its whole source for exports and module syntax, which for typescript.js (9 MB)
// costs more CPU than running it. Resolves from this file, as import() from the package would.

/** Loads a package with require(); the name is a variable, so bundlers never make it a static dependency. */
function requireModule(name: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(name) as unknown;
}

export = requireModule;

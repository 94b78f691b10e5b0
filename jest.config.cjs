/**
 * Jest runs the TypeScript sources through ts-jest as CommonJS. ts-jest only transpiles (isolatedModules): types are
 * checked by `npm run typecheck` and by tests/types/type-check.integration.test.ts.
 *
 * Two projects: "unit" (in-process, seconds) and "integration" (suites that pack the package, spawn the command or
 * servers, run compilers or type-check whole trees). `npm test` runs both; `npm run test:unit` is the fast loop.
 */
// An integration suite is named *.integration.test.ts: the suffix picks it, wherever it lives.
const SUFFIX = "\\.integration\\.test\\.ts$";
// Path patterns (regular expressions on the test file's path) of integration suites from before the suffix: a folder
// ("/tests/cli/") or one file. A suite added under a plain *.test.ts name to a folder listed here, or listed itself,
// still runs as one. Every suite that existed when the suffix came carries it.
const INTEGRATION = [
  "/tests/package/",
  "/tests/cli/",
  "/tests/docs/",
  "/tests/generate/",
  "/tests/toolchains/",
  "/tests/store/",
  "/tests/examples/",
  "/tests/providers/wire-[^/]*\\.test\\.ts$",
];

const shared = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  transform: {
    "^.+\\.c?ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }],
    // @hyperjump/json-schema-formats (the 2020-12 format checks) is ESM only, which jest's CommonJS runtime cannot
    // require; Node itself does (require(esm)), so only the tests need it transpiled.
    "/node_modules/@hyperjump/.+\\.js$": [
      "ts-jest",
      { tsconfig: { allowJs: true, module: "CommonJS", target: "ES2022", isolatedModules: true } },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!@hyperjump/)"],
  moduleFileExtensions: ["ts", "cts", "js", "cjs", "json"],
  // "toolwright" and its subpaths are mapped so tests and fixtures import the package as users do.
  moduleNameMapper: {
    "^toolwright$": "<rootDir>/src/index.ts",
    "^toolwright/mcp$": "<rootDir>/src/mcp/index.ts",
    "^toolwright/redis$": "<rootDir>/src/redis/index.ts",
    "^toolwright/vite$": "<rootDir>/src/vite/index.ts",
    "^toolwright/([a-z-]+)$": "<rootDir>/src/adapters/$1/index.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
    // src/reflect/load-parser.cts, src/schema/load-dependencies.cts and src/generate/require-module.cts are imported as
    // ".cjs", as Node sees them after the build.
    "^\\./load-parser\\.cjs$": "<rootDir>/src/reflect/load-parser.cts",
    "^(\\.\\./schema/|\\./)load-dependencies\\.cjs$": "<rootDir>/src/schema/load-dependencies.cts",
    "^\\./require-module\\.cjs$": "<rootDir>/src/generate/require-module.cts",
  },
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/", SUFFIX, ...INTEGRATION],
    },
    {
      ...shared,
      displayName: "integration",
      testRegex: [
        SUFFIX,
        ...INTEGRATION.map((pattern) => (pattern.endsWith("/") ? `${pattern}.*\\.test\\.ts$` : pattern)),
      ],
      testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/"],
    },
  ],
};

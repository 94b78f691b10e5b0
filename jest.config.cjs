/**
 * Jest runs the TypeScript sources through ts-jest as CommonJS. ts-jest only transpiles (isolatedModules): types are
 * checked by `npm run typecheck` and by tests/types/type-check.test.ts.
 *
 * Two projects: "unit" (in-process, seconds) and "integration" (suites that pack the package, spawn the command or
 * servers, run compilers or type-check whole trees). `npm test` runs both; `npm run test:unit` is the fast loop.
 */
// Path patterns (regular expressions on the test file's path) of the integration suites.
const INTEGRATION = [
  "\\.integration\\.test\\.ts$",
  "/tests/package/",
  "/tests/cli/",
  "/tests/docs/",
  "/tests/generate/",
  "/tests/toolchains/",
  // Every suite named *.integration.test.ts, wherever it lives.
  "\\.integration\\.test\\.ts$",
  "/tests/store/",
  "/tests/types/type-check\\.test\\.ts$",
  "/tests/mcp/serve-command\\.test\\.ts$",
  "/tests/mcp/sdk-example-client\\.test\\.ts$",
  "/tests/reflect/(compiled-[^/]*|tsx-legacy|bundled-parser|lazy-parser)\\.test\\.ts$",
  "/tests/types/legacy-decorator-types\\.test\\.ts$",
  "/tests/examples/",
  "/tests/providers/wire-[^/]*\\.test\\.ts$",
  "\\.integration\\.test\\.ts$",
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
      testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/", ...INTEGRATION],
    },
    {
      ...shared,
      displayName: "integration",
      testRegex: INTEGRATION.map((pattern) => (pattern.endsWith("/") ? `${pattern}.*\\.test\\.ts$` : pattern)),
      testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/"],
    },
  ],
};

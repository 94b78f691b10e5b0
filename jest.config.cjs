/**
 * Jest runs the TypeScript sources through ts-jest as CommonJS. ts-jest only transpiles (isolatedModules): types are
 * checked by `npm run typecheck` and by tests/types/type-check.integration.test.ts.
 *
 * Two projects: "unit" (in-process, seconds) and "integration" (suites that pack the package, spawn the command or
 * servers, run compilers or type-check whole trees). `npm test` runs both; `npm run test:unit` is the fast loop.
 */
// An integration suite is named *.integration.test.ts: the suffix picks it, wherever it lives, and is the only rule
// (no list of folders or files). `npm run lint` runs scripts/check-integration-suites.mjs, which refuses a suite
// without the suffix that spawns a child process or starts a server.
const SUFFIX = "\\.integration\\.test\\.ts$";

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
    // src/reflect/load-parser.cts, src/schema/load-dependencies.cts, src/generate/require-module.cts and
    // src/runtime/load-builtin.cts are imported as ".cjs", as Node sees them after the build.
    "^\\./load-parser\\.cjs$": "<rootDir>/src/reflect/load-parser.cts",
    "^(\\.\\./schema/|\\./)load-dependencies\\.cjs$": "<rootDir>/src/schema/load-dependencies.cts",
    "^\\./require-module\\.cjs$": "<rootDir>/src/generate/require-module.cts",
    "^(.*/runtime/|\\./)load-builtin\\.cjs$": "<rootDir>/src/runtime/load-builtin.cts",
  },
};

// The tests whose assertions are the texts the model reads about invalid arguments (paths, messages, codes) and the
// JSON Schema Test Suite, run a second time on the no-eval validator that the worker and browser build uses
// (src/schema/validator-engine-web.ts): both validators must give the same texts and the same verdicts.
const NO_EVAL_TESTS = [
  "tests/schema/argument-issues.test.ts",
  "tests/schema/json-schema-test-suite.test.ts",
  "tests/regressions/25-union-errors.test.ts",
  "tests/regressions/26-defaults-that-break-their-schema.test.ts",
  "tests/registry/tool-registry.test.ts",
  "tests/tool/check-result.test.ts",
  "tests/dispatch/approval.test.ts",
  "tests/regressions/33-web-patterns-match-in-linear-time.test.ts",
];

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/", SUFFIX],
    },
    {
      ...shared,
      displayName: "integration",
      testRegex: [SUFFIX],
      testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/"],
    },
    {
      ...shared,
      displayName: "no-eval",
      testMatch: NO_EVAL_TESTS.map((file) => `<rootDir>/${file}`),
      // ajv-formats' table as the web build bundles it (scripts/web-formats.cjs), so the format rows run against it.
      transform: {
        "/node_modules/ajv-formats/dist/formats\\.js$": "<rootDir>/scripts/web-formats.cjs",
        ...shared.transform,
      },
      transformIgnorePatterns: ["/node_modules/(?!@hyperjump/|ajv-formats/dist/formats\\.js$)"],
      moduleNameMapper: {
        "^(\\.{1,2}/.*/|\\./)validator-engine(\\.js)?$": "<rootDir>/src/schema/validator-engine-web.ts",
        // As in the web build (scripts/build.mjs): host names checked by the runtime's URL parser, not idn-hostname.
        "^idn-hostname$": "<rootDir>/src/schema/idn-hostname-web.ts",
        ...shared.moduleNameMapper,
      },
    },
  ],
};

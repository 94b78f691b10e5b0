/**
 * Jest runs the TypeScript sources through ts-jest as CommonJS. ts-jest only transpiles (isolatedModules): types are
 * checked by `npm run typecheck` and by tests/types/type-check.test.ts.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.c?ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  moduleFileExtensions: ["ts", "cts", "js", "cjs", "json"],
  // "toolwright" is mapped for fixtures written as a user would write them (they are also loaded by the command).
  moduleNameMapper: {
    "^toolwright$": "<rootDir>/src/index.ts",
    "^toolwright/mcp$": "<rootDir>/src/mcp/index.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
    // src/reflect/load-parser.cts is imported as "./load-parser.cjs", as Node sees it after the build.
    "^\\./load-parser\\.cjs$": "<rootDir>/src/reflect/load-parser.cts",
  },
  testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/"],
};

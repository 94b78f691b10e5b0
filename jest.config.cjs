/** Jest runs the TypeScript sources through ts-jest as CommonJS; ts-jest type-checks each test file too. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  testPathIgnorePatterns: ["/node_modules/", "/tests/fixtures/"],
};

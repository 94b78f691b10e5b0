import js from "@eslint/js";
import tseslint from "typescript-eslint";
import publicImports from "./scripts/lint-public-imports.mjs";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "tests/fixtures/compiled/", "docs/api/", "tests/artifacts/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The "never rejects" contract of callTool rests on these: a promise nobody awaits or catches, or one handed to
    // code that expects a plain value, is how a rejection escapes. Type-aware, so on src/ only (where it matters).
    files: ["src/**/*.ts", "src/**/*.cts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Tests use the package as users do: public names come from "toolwright" (and its subpaths), internals by path.
    // The patterns refuse an entry's index by path (a namespace import included); the rule refuses any name that a
    // public entry exports, imported from its file under src/ (scripts/lint-public-imports.mjs).
    files: ["tests/**/*.ts"],
    plugins: { toolwright: publicImports },
    rules: {
      "toolwright/public-names-from-package": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+src/(index|mcp/index|redis/index|vite/index|adapters/[a-z-]+/index)(\\.js)?$",
              message: 'Import the public API from "toolwright" (or "toolwright/<subpath>"), as users do.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nest injects by design:paramtypes, so a class used only as a constructor parameter type must stay a value import.
    files: ["examples/nestjs/**"],
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
  },
  {
    // The playground's page (`toolwright dev`): plain browser modules shipped as they are, no build step.
    files: ["src/devtools/page/**/*.js"],
    languageOptions: {
      globals: Object.fromEntries(
        ["document", "location", "fetch", "EventSource", "CSS", "URL", "Blob", "atob"].map((name) => [
          name,
          "readonly",
        ]),
      ),
    },
  },
  {
    files: ["**/*.cjs", "scripts/**", "**/*.mjs"],
    languageOptions: { globals: { module: "readonly", require: "readonly", __dirname: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);

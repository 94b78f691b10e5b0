import { join } from "node:path";
import { type WorkflowBundleWithSourceMap, bundleWorkflowCode } from "@temporalio/worker";

const ROOT = join(__dirname, "..", "..", "..");

/**
 * Bundles a workflow file of tests/fixtures/temporal with Temporal's own bundler (webpack, with its check that
 * workflow code imports no Node module), with "toolwright" and its subpaths resolved to src/ as tsconfig.json does.
 */
export function bundleFixtureWorkflow(file: string, errors: string[] = []): Promise<WorkflowBundleWithSourceMap> {
  const keep = (message: string, meta?: unknown) => void errors.push(`${message} ${JSON.stringify(meta) ?? ""}`);
  return bundleWorkflowCode({
    workflowsPath: join(ROOT, "tests", "fixtures", "temporal", file),
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn: keep, error: keep },
    webpackConfigHook: (config) => ({
      ...config,
      resolve: {
        ...config.resolve,
        alias: {
          ...(config.resolve?.alias as Record<string, string>),
          "toolwright/temporal-workflow$": join(ROOT, "src", "adapters", "temporal-workflow", "index.ts"),
          toolwright$: join(ROOT, "src", "index.ts"),
        },
        extensionAlias: { ".js": [".ts", ".js"] },
      },
    }),
  });
}

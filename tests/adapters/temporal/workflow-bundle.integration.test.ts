import { bundleFixtureWorkflow } from "./bundle-workflow.js";

// Temporal's bundler refuses workflow code that imports a Node module: the workflow side must not pull one in.
jest.setTimeout(120_000);

describe("toolwright/temporal-workflow in Temporal's workflow bundle", () => {
  it("bundles a workflow that uses workflowTools", async () => {
    const bundle = await bundleFixtureWorkflow("agent-workflow.ts");
    expect(bundle.code).toContain("toolwright.approve");
    expect(bundle.code).toContain("toolwright.pendingApprovals");
    expect(bundle.code).not.toMatch(/node:async_hooks|node:crypto/);
  });

  it("refuses a workflow that imports a Node module (the check the test above relies on is real)", async () => {
    const errors: string[] = [];
    await expect(bundleFixtureWorkflow("node-module-workflow.ts", errors)).rejects.toThrow(
      /Webpack finished with errors/,
    );
    expect(errors.join("\n")).toMatch(/node:async_hooks|node:crypto|disallowed/);
  });
});

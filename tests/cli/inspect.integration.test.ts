import { fixture, runCommand } from "./run-command.js";

// Each run starts Node with tsx: about a second, more on a loaded machine.
jest.setTimeout(60_000);

describe("toolwright inspect", () => {
  it("prints each agent's tools, schemas and findings, and the module-level tools, readably", async () => {
    const run = await runCommand(["inspect", fixture("calc-agents.ts")]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain('Agent "calc_agent" (class CalcAgent, export CalcAgent): 5 tools');
    expect(run.stdout).toContain("  multiply  [readOnly]\n    Multiply two numbers\n    schema: {");
    expect(run.stdout).toContain("  reset  [requiresApproval, destructive]");
    expect(run.stdout).toContain('Agent "admin_agent" (class AdminAgent, export AdminAgent): 1 tool');
    expect(run.stdout).toContain("Module-level tools (toolRegistry):\n  add: Add two numbers (allowed: calc_agent)");
    expect(run.stdout).toMatch(/0 errors, 0 warnings\.$/m);
  });

  it("prints a machine-readable report with --json, for one agent with --agent", async () => {
    const run = await runCommand(["inspect", fixture("calc-agents.ts"), "--agent", "calc_agent", "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      provider: unknown;
      agents: { name: string; tools: { name: string; flags: Record<string, unknown> }[]; findings: unknown[] }[];
      moduleTools: { name: string; allowedAgents: string[] | null }[];
      errors: number;
    };
    expect(report.provider).toBeNull();
    expect(report.agents.map((a) => a.name)).toEqual(["calc_agent"]);
    expect(report.agents[0]?.tools.map((t) => t.name)).toEqual([
      "multiply",
      "divide",
      "reset",
      "start-notification-stream",
      "add",
    ]);
    expect(report.agents[0]?.tools[2]?.flags).toEqual({ requiresApproval: true, destructive: true });
    expect(report.moduleTools).toEqual([
      { name: "add", description: "Add two numbers", allowedAgents: ["calc_agent"] },
      { name: "shutdown", description: "Shut the system down", allowedAgents: ["admin_agent"] },
    ]);
    expect(report.errors).toBe(0);
  });

  it("prints the provider's exact form with --provider", async () => {
    const run = await runCommand([
      "inspect",
      fixture("calc-agents.ts"),
      "--agent",
      "admin_agent",
      "--provider",
      "openai",
      "--json",
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { provider: string; agents: { exported: unknown }[] };
    expect(report.provider).toBe("openai");
    expect(report.agents[0]?.exported).toEqual([
      {
        type: "function",
        function: {
          name: "shutdown",
          description: "Shut the system down",
          parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
          strict: true,
        },
      },
    ]);
    const readable = await runCommand([
      "inspect",
      fixture("calc-agents.ts"),
      "--agent",
      "admin_agent",
      "--provider",
      "mcp",
    ]);
    expect(readable.stdout).toContain('  mcp form:\n    [\n      {\n        "name": "shutdown"');
  });

  it("loads a compiled JavaScript module", async () => {
    const run = await runCommand(["inspect", fixture("echo-agent.mjs"), "--provider", "anthropic"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"input_schema"');
  });

  it("uses an exported instance of a class whose constructor needs options, without creating the class", async () => {
    const run = await runCommand(["inspect", fixture("configured-agent.ts")]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain('Agent "greeter" (class GreeterAgent, export greeter): 1 tool');
  });

  it("exits 1 on a compatibility error, printed as a finding line, and 0 for a provider that accepts the tools", async () => {
    const all = await runCommand(["inspect", fixture("gemini-incompatible.ts")]);
    expect(all.code).toBe(1);
    expect(all.stdout).toMatch(/^ {4}error gemini 3d_render \[gemini\.name\] /m);
    expect(all.stdout).toMatch(/1 error, 0 warnings\.$/m);
    const openai = await runCommand(["inspect", fixture("gemini-incompatible.ts"), "--provider", "openai"]);
    expect(openai.code).toBe(0);
    const gemini = await runCommand(["inspect", fixture("gemini-incompatible.ts"), "--provider", "gemini", "--json"]);
    expect(gemini.code).toBe(1);
    expect(JSON.parse(gemini.stdout)).toMatchObject({ errors: 1, agents: [{ exported: null }] });
  });

  it("exits 1 on a definition error, printed as one line without a stack trace", async () => {
    const run = await runCommand(["inspect", fixture("broken-definition.ts")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^toolwright: definition error: register\("nameless_purpose"\): a non-empty `description`.*\n$/,
    );
  });
});

describe("toolwright errors", () => {
  it.each([
    ["a bad module path", ["inspect", fixture("missing.ts")], /^toolwright: cannot find module file .*missing\.ts\n$/],
    ["a module with no agents", ["inspect", fixture("no-agents.mjs")], /^toolwright: no agents in .*no-agents\.mjs: /],
    [
      "an unknown agent",
      ["inspect", fixture("calc-agents.ts"), "--agent", "nobody"],
      /^toolwright: unknown agent "nobody" in .*; its agents are: admin_agent, calc_agent\n$/,
    ],
    ["an unknown command", ["publish", "x"], /^toolwright: unknown command "publish"/],
    [
      "an unknown option",
      ["inspect", fixture("calc-agents.ts"), "--nope"],
      /^toolwright: inspect: Unknown option '--nope'/,
    ],
    ["an unknown provider", ["inspect", "m.js", "--provider", "cohere"], /--provider must be one of openai, anthropic/],
    ["a bad port", ["serve", "m.js", "--http", "http"], /--http must be a port number/],
    [
      "serve without --agent for a module with several",
      ["serve", fixture("calc-agents.ts"), "--http", "0"],
      /several agents \(admin_agent, calc_agent\); choose one with --agent NAME/,
    ],
  ])("reports %s in one line and exits 2", async (_case, args, message) => {
    const run = await runCommand(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("prints the usage with --help and exits 0", async () => {
    const run = await runCommand(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage:\n {2}toolwright inspect <module>/);
  });
});

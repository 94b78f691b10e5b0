import { runCommand } from "../cli/run-command.js";

const agentsModule = "tests/fixtures/first-hour/typo-agents.ts";

jest.setTimeout(60_000);

interface Report {
  access: { tool: string; agent: string; suggestion?: string }[];
  agents: { findings: { provider: string; rule: string; severity: string }[] }[];
  errors: number;
  warnings: number;
  infos: number;
}

describe("issue 25: inspect on a plain agent and a typo in allowedAgents", () => {
  it("warns on an allowedAgents name that matches no agent of the module, with the closest name", async () => {
    const run = await runCommand(["inspect", agentsModule]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('allowedAgents names "math_agnet"');
    expect(run.stdout).toContain('did you mean "math_agent"?');
    expect(run.stdout).toMatch(/0 errors, 1 warning\./);
  });

  it("rates what toolwright rewrites itself (.default(), minLength) as info, and checks OpenAI strict mode only on request", async () => {
    const report = JSON.parse((await runCommand(["inspect", agentsModule, "--json"])).stdout) as Report;
    expect(report.access).toEqual([
      expect.objectContaining({ tool: "add", agent: "math_agnet", suggestion: "math_agent" }),
    ]);
    const findings = report.agents[0]!.findings;
    expect(findings.filter((f) => f.severity === "warning")).toEqual([]);
    expect(findings.some((f) => f.rule.startsWith("openai.strict."))).toBe(false);
    expect(report).toMatchObject({ errors: 0, warnings: 1 });
    expect(report.infos).toBeGreaterThan(0);

    const strict = JSON.parse((await runCommand(["inspect", agentsModule, "--json", "--strict"])).stdout) as Report;
    const openai = strict.agents[0]!.findings.filter((f) => f.provider === "openai");
    expect(openai.map((f) => [f.rule, f.severity])).toContainEqual(["openai.strict.keyword", "info"]);
  });
});

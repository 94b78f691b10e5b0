import type { InspectReport, InspectedAgent, InspectedTool, ProviderFinding } from "./inspect.js";

function indent(text: string, spaces: number): string {
  const pad = " ".repeat(spaces);
  return text
    .split("\n")
    .map((line) => pad + line)
    .join("\n");
}

function flagText(tool: InspectedTool): string {
  const parts = Object.entries(tool.flags).map(([key, value]) =>
    value === true ? key : `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  return parts.length === 0 ? "" : `  [${parts.join(", ")}]`;
}

/** Formats one finding as a line: `error gemini search/properties/x [rule] message`. */
export function formatFinding(finding: ProviderFinding): string {
  const where = `${finding.tool || "(tools)"}${finding.path}`;
  return `${finding.severity} ${finding.provider} ${where} [${finding.rule}] ${finding.message}`;
}

function formatAgent(agent: InspectedAgent, report: InspectReport): string {
  const count = agent.tools.length === 1 ? "1 tool" : `${agent.tools.length} tools`;
  const lines = [`Agent "${agent.name}" (class ${agent.className}, export ${agent.exportName}): ${count}`];
  if (report.provider === null) {
    for (const tool of agent.tools) {
      lines.push(`  ${tool.name}${flagText(tool)}`, `    ${tool.description}`);
      lines.push(`    schema: ${JSON.stringify(tool.inputSchema)}`);
    }
  } else {
    lines.push(`  ${report.provider} form:`, indent(JSON.stringify(agent.exported ?? null, null, 2), 4));
  }
  const checked = report.provider ?? "openai, anthropic, gemini, mcp";
  if (agent.findings.length === 0) lines.push(`  No compatibility findings (${checked}).`);
  else {
    lines.push(`  Compatibility findings (${checked}):`);
    for (const finding of agent.findings) lines.push(`    ${formatFinding(finding)}`);
  }
  return lines.join("\n");
}

/** Formats an `inspect` report for people: each agent's tools and schemas (or provider form), then its findings. */
export function formatReport(report: InspectReport): string {
  const parts = report.agents.map((agent) => formatAgent(agent, report));
  if (report.moduleTools.length > 0) {
    const lines = ["Module-level tools (toolRegistry):"];
    for (const tool of report.moduleTools) {
      const who = tool.allowedAgents === null ? "every agent" : tool.allowedAgents.join(", ") || "no agent";
      lines.push(`  ${tool.name}: ${tool.description} (allowed: ${who})`);
      for (const finding of report.access.filter((f) => f.tool === tool.name)) {
        lines.push(`    ${finding.severity} [${finding.rule}] ${finding.message}`);
      }
    }
    parts.push(lines.join("\n"));
  }
  if (report.definitions.length > 0) {
    const lines = ["Definition findings:"];
    for (const finding of report.definitions) {
      lines.push(`  ${finding.severity} ${finding.where} [${finding.rule}] ${finding.message}`);
    }
    parts.push(lines.join("\n"));
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const notes = report.infos > 0 ? ` (${plural(report.infos, "info")}: rewrites toolwright validates around)` : "";
  parts.push(`${plural(report.errors, "error")}, ${plural(report.warnings, "warning")}.${notes}`);
  return parts.join("\n\n");
}

import { type InspectCommand, USAGE, parseCommand } from "./args.js";
import { CliError, ExitCode, firstLine } from "./cli-error.js";
import type { CliOutput } from "./cli-output.js";

// Each command loads its modules when it runs: `generate` never needs the providers, the registry or the MCP SDK,
// whose loading was a tenth of its CPU time.
async function runInspect(argv: InspectCommand, io: CliOutput): Promise<number> {
  const [
    { findAgents, selectAgents },
    { formatReport },
    { inspectAgents, knownAgent },
    { loadModule },
    { definitionFindings },
  ] = await Promise.all([
    import("./find-agents.js"),
    import("./format-report.js"),
    import("./inspect.js"),
    import("./load-module.js"),
    import("./definition-findings.js"),
  ]);
  const exports = await loadModule(argv.module);
  const all = findAgents(exports);
  const found = selectAgents(all, argv.module, argv.agent);
  const report = inspectAgents(argv.module, found, argv.provider, {
    // The exact OpenAI form is what toOpenAITools gives by default (strict "auto"); the overview checks strict mode on request.
    strict: argv.strict ?? argv.provider === "openai",
    agentNames: all.map((entry) => knownAgent(entry.agent)),
    definitions: await definitionFindings(argv.module, exports),
  });
  io.out(argv.json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.errors > 0 ? ExitCode.Problems : ExitCode.Ok;
}

/**
 * Runs the `toolwright` command with the arguments after its name and returns the exit code: 0 when all is well,
 * 1 for a definition or compatibility error, 2 when the command could not run (bad arguments, a module that cannot be
 * loaded, no or unknown agent). Failures are reported as one line on `err`, never as a stack trace.
 */
export async function main(argv: readonly string[], io: CliOutput): Promise<number> {
  try {
    const command = parseCommand(argv);
    switch (command.command) {
      case "help":
        io.out(USAGE);
        return ExitCode.Ok;
      case "inspect":
        return await runInspect(command, io);
      case "serve":
        return await (await import("./serve.js")).runServe(command, io);
      case "generate":
        return await (await import("./generate.js")).runGenerate(command, io);
      case "doctor":
        return await (await import("./doctor/run-doctor.js")).runDoctor(command, io);
      case "dev":
        return await (await import("./dev.js")).runDev(command, io);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`toolwright: ${error.message}`);
      return error.exitCode;
    }
    io.err(`toolwright: ${firstLine(error)}`);
    return ExitCode.Usage;
  }
}

import { parseCommand } from "../../src/cli/args.js";
import { CliError } from "../../src/cli/cli-error.js";

describe("parseCommand dev", () => {
  it("reads the module, with a free port and a browser by default", () => {
    expect(parseCommand(["dev", "src/agents.ts"])).toEqual({
      command: "dev",
      module: "src/agents.ts",
      port: 0,
      open: true,
    });
  });

  it("reads --agent, --port and --no-open", () => {
    expect(parseCommand(["dev", "a.ts", "--agent", "support", "--port", "4000", "--no-open"])).toEqual({
      command: "dev",
      module: "a.ts",
      agent: "support",
      port: 4000,
      open: false,
    });
  });

  it("refuses a missing module, a bad port and an unknown option, naming what is valid", () => {
    const message = (argv: string[]) => {
      try {
        parseCommand(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        return (error as Error).message;
      }
      throw new Error("no error");
    };
    expect(message(["dev"])).toMatch(/^dev: missing <module>/);
    for (const port of ["70000", "http", "1.5", ""]) {
      expect(message(["dev", "a.ts", "--port", port])).toBe(
        `dev: --port must be a port number from 0 to 65535; got "${port}"`,
      );
    }
    expect(message(["dev", "a.ts", "--http", "1"])).toMatch(/^dev: Unknown option '--http'/);
  });
});

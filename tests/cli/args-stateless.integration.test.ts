import { parseCommand } from "../../src/cli/args.js";

describe("parseCommand", () => {
  it("reads --stateless when serve is given --http", () => {
    expect(parseCommand(["serve", "agents.js", "--http", "0", "--stateless"])).toEqual({
      command: "serve",
      module: "agents.js",
      http: 0,
      stateless: true,
    });
  });

  it("refuses --stateless when serve has no --http or the command is inspect", () => {
    expect(() => parseCommand(["serve", "agents.js", "--stateless"])).toThrow("serve: --stateless needs --http PORT");
    expect(() => parseCommand(["inspect", "agents.js", "--stateless"])).toThrow(
      "inspect: --stateless is an option of serve",
    );
  });
});

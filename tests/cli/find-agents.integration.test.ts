import { CliError, ExitCode } from "../../src/cli/cli-error.js";
import { findAgents } from "../../src/cli/find-agents.js";
import { GreeterAgent, greeter } from "../fixtures/mcp/configured-agent.js";

describe("findAgents", () => {
  it("uses an exported instance and does not create its class when the module exports both", async () => {
    const found = findAgents({ GreeterAgent, greeter });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ exportName: "greeter", className: "GreeterAgent" });
    expect(found[0]?.agent).toBe(greeter);
    await expect(found[0]?.agent.callTool("greet", { name: "Ada" })).resolves.toMatchObject({
      ok: true,
      content: "Hello, Ada!",
    });
  });

  it("still reports a class it must create but cannot, when no instance of it is exported", () => {
    let thrown: unknown;
    try {
      findAgents({ GreeterAgent });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect(thrown).toMatchObject({ exitCode: ExitCode.Usage, message: expect.stringMatching(/export an instance/) });
  });
});

import { BaseAgent, ToolRegistry, p } from "toolwright";

function setup() {
  const registry = new ToolRegistry();
  const received: unknown[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  registry.register("block", () => gate, { description: "Blocks the lane" });
  registry.register(
    "rm",
    (args: { path: string }) => {
      received.push(args.path);
      return args.path;
    },
    { description: "Remove", params: { path: p.string({ pattern: "^/tmp/" }) } },
  );
  class Ops extends BaseAgent {}
  return { agent: new Ops({ registry }), received, release };
}

describe("validated arguments", () => {
  it("cannot be changed by the caller while the call waits in the serial lane", async () => {
    const { agent, received, release } = setup();
    const blocking = agent.callTool("block", {});
    const args = { path: "/tmp/x" };
    const waiting = agent.callTool("rm", args);
    args.path = "/etc/passwd";
    release();
    await blocking;
    expect((await waiting).content).toBe("/tmp/x");
    expect(received).toEqual(["/tmp/x"]);
  });

  it("cannot be changed by a before listener", async () => {
    const { agent, received } = setup();
    agent.on("before", (event) => {
      (event.args as { path: string }).path = "/etc/passwd";
    });
    await agent.callTool("rm", { path: "/tmp/y" });
    expect(received).toEqual(["/tmp/y"]);
  });

  it("are read once when the caller's object has a getter", async () => {
    const { agent, received } = setup();
    let reads = 0;
    const args = {
      get path() {
        return ++reads === 1 ? "/tmp/z" : "/etc/passwd";
      },
    };
    await agent.callTool("rm", args);
    expect(received).toEqual(["/tmp/z"]);
  });

  it("are read once when the caller's object is a Proxy", async () => {
    const { agent, received } = setup();
    let reads = 0;
    const args = new Proxy({ path: "" } as { path: string }, {
      get: () => (++reads === 1 ? "/tmp/p" : "/etc/passwd"),
    });
    const result = await agent.callTool("rm", args);
    expect(result.ok).toBe(true);
    expect(received).toEqual(["/tmp/p"]);
  });
});

import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

class NotifyAgent extends BaseAgent {
  @tool({
    description: "Notify someone",
    params: {
      channel: p.union([
        p.object({ kind: p.literal("email"), address: p.string() }),
        p.object({ kind: p.literal("phone"), number: p.string() }),
        p.object({ kind: p.enum(["pager"]), pagerId: p.integer() }),
      ]),
    },
  })
  notify(args: { channel: unknown }) {
    return args;
  }

  @tool({
    description: "Set a limit",
    params: { limit: p.union([p.integer({ minimum: 1 }), p.object({ max: p.integer(), soft: p.boolean() })]) },
  })
  limit(args: { limit: unknown }) {
    return args;
  }
}

const agent = () => new NotifyAgent({ registry: new ToolRegistry() });
const paths = async (name: string, args: object) =>
  ((await agent().callTool(name, args)).error?.issues ?? []).map((issue) => `${issue.path} ${issue.message}`);

describe("issue 25: errors of a union name one branch", () => {
  it("reports only the branch a const discriminator names", async () => {
    expect(await paths("notify", { channel: { kind: "phone" } })).toEqual(["/channel/number is required"]);
  });

  it("reports only the branch a single-value enum discriminator names", async () => {
    expect(await paths("notify", { channel: { kind: "pager", pagerId: "7" } })).toEqual([
      "/channel/pagerId must be integer",
    ]);
  });

  it("names the discriminator's values when it matches no branch", async () => {
    expect(await paths("notify", { channel: { kind: "fax" } })).toEqual([
      '/channel/kind must be one of "email", "phone", "pager"',
    ]);
  });

  it("reports the closest branch of a union that is not discriminated", async () => {
    expect(await paths("limit", { limit: { max: 3 } })).toEqual(["/limit/soft is required"]);
    expect(await paths("limit", { limit: 0 })).toEqual(["/limit must be >= 1"]);
  });

  it("reads the whole message without the other branches' complaints", async () => {
    const result = await agent().callTool("notify", { channel: { kind: "phone" } });
    expect(result.error?.message).not.toContain("anyOf");
    expect(result.error?.message).not.toContain('must be "email"');
  });
});

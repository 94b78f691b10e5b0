/**
 * The app every toolchain row builds and runs: standard decorators, inheritance, a `@builtinTool` default, a shared
 * tool that access control limits to one agent by name, and an approval round trip (on Node, the approvals are loaded
 * with import() on the first one: each toolchain must carry that chunk along). Text, not files, because it imports
 * "toolwright" by its package name (see tests/package/consumer-sources.ts). It prints one JSON line;
 * {@link expectAppOutput} checks it.
 */
export const appTs = `import { BaseAgent, builtinTool, p, tool, toolRegistry } from "toolwright";

toolRegistry.register("secret", () => "classified", {
  description: "Tell the secret",
  params: {},
  allowedAgents: ["math_agent"],
});

toolRegistry.register("wipe", () => "wiped", {
  description: "Wipe the scratch space",
  params: {},
  allowedAgents: ["math_agent"],
  requiresApproval: true,
});

class MathAgent extends BaseAgent {
  static agentName = "math_agent";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }

  // positional: a minifier renames parameters; the default is still read by position.
  @builtinTool({ description: "Repeat a word", params: { word: p.string() }, positional: ["word", "times"] })
  repeat(word: string, times = 2): string {
    return Array.from({ length: times }, () => word).join(" ");
  }
}

class LoudAgent extends MathAgent {
  static agentName = "loud_agent";

  override repeat(word: string, times = 2): string {
    return super.repeat(word.toUpperCase(), times);
  }
}

export async function runApp(): Promise<Record<string, unknown>> {
  const math = new MathAgent();
  const loud = new LoudAgent();
  return {
    tools: math.toolSpecs().map((spec) => spec.name),
    loudTools: loud.toolSpecs().map((spec) => spec.name),
    repeatSchema: math.toolSpecs().find((spec) => spec.name === "repeat")?.inputSchema,
    sum: (await math.callTool("add", { a: 2, b: 3 })).content,
    repeated: (await loud.callTool("repeat", { word: "hi" })).content,
    secret: (await math.callTool("secret", {})).content,
    denied: (await loud.callTool("secret", {})).error?.code,
    invalid: (await math.callTool("add", { a: "two" })).error?.code,
    approved: (await math.approvals.approve((await math.callTool("wipe", {})).approvalId!)).content,
  };
}

export const printed = runApp().then((output) => console.log(JSON.stringify(output)));
`;

/** What the app prints, whatever built it. */
export const expectedAppOutput = {
  tools: ["add", "repeat", "secret", "wipe"],
  loudTools: ["add", "repeat"],
  repeatSchema: {
    type: "object",
    properties: { word: { type: "string" }, times: { type: "integer", default: 2 } },
    required: ["word"],
    additionalProperties: false,
  },
  sum: 5,
  repeated: "HI HI",
  secret: "classified",
  denied: "PERMISSION_DENIED",
  invalid: "INVALID_ARGUMENTS",
  approved: "wiped",
};

/** A strict Node ESM tsconfig with standard decorators (no experimentalDecorators). */
export const appTsconfig = {
  compilerOptions: {
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    lib: ["ES2022", "esnext.decorators"],
    strict: true,
    skipLibCheck: true,
    rootDir: "src",
    outDir: "out",
  },
  include: ["src"],
};

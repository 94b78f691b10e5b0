// Run by app-tax.ts as `node --import tsx bench/app-tax-child.ts <floor|after-toolwright>`: times an app's own awaited
// call (ajv validate + a direct call), alone or after 100,000 toolwright calls in the same process. Prints one JSON line.
import { Ajv2020 } from "ajv/dist/2020.js";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { time } from "./measure.js";

const mode = process.argv[2];
if (mode !== "floor" && mode !== "after-toolwright")
  throw new Error("usage: app-tax-child.ts <floor|after-toolwright>");

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile<{ a: number; b: number }>({
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
});
const appCall = async (args: unknown): Promise<number> => {
  if (!validate(args)) throw new Error(ajv.errorsText(validate.errors));
  return args.a + args.b;
};

if (mode === "after-toolwright") {
  class Calculator extends BaseAgent {
    static override agentName = "tax_calculator";
    @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
    add({ a, b }: { a: number; b: number }): number {
      return a + b;
    }
  }
  const agent = new Calculator({ registry: new ToolRegistry() });
  for (let i = 0; i < 100_000; i++) await agent.callTool("add", { a: 1, b: 2 });
}
const good = { a: 1, b: 2 };
const timing = await time(() => appCall(good), { warmup: 20_000, iterations: 5_000, rounds: 21 });
console.log(JSON.stringify({ mode, medianNs: timing.medianNs }));

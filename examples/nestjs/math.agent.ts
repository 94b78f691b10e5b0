import { Injectable } from "@nestjs/common";
import { BaseAgent, builtinTool, p, tool } from "toolwright";
import { CalculatorService } from "./calculator.service.js";

/**
 * An agent that is also a Nest provider. Nest builds it (injecting the service) and toolwright reads its tools; the
 * tsconfig beside this file compiles it with experimentalDecorators and emitDecoratorMetadata, as Nest needs.
 */
@Injectable()
export class MathAgent extends BaseAgent {
  // An explicit name: the agent keeps its access to shared tools whatever a bundler does to the class name.
  static override agentName = "math_agent";

  constructor(private readonly calculator: CalculatorService) {
    super();
  }

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }) {
    return this.calculator.add(a, b);
  }

  // No params: the types come from design:paramtypes (a: number, b: number), the default from the source.
  @builtinTool({ description: "Divide a by b, rounded to `digits` decimal places" })
  divide(a: number, b: number, digits: number = 2) {
    return Number(this.calculator.divide(a, b).toFixed(digits));
  }
}

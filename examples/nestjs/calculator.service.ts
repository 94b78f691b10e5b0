import { Injectable } from "@nestjs/common";

/** An ordinary Nest service: the agent gets it by constructor injection, like any other provider. */
@Injectable()
export class CalculatorService {
  add(a: number, b: number): number {
    return a + b;
  }

  divide(a: number, b: number): number {
    if (b === 0) throw new Error("cannot divide by zero; pass a non-zero b");
    return a / b;
  }
}

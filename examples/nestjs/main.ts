// Nest loads reflect-metadata itself; importing it first makes the order explicit for the decorators below.
import "reflect-metadata";
import { NestFactory } from "@nestjs/core";
import { AppModule } from "./app.module.js";
import { MathAgent } from "./math.agent.js";

/** Boots the Nest application context, asks it for the agent, and calls its tools as a model would. */
export async function main() {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const agent = app.get(MathAgent);
    return {
      specs: agent.toolSpecs(),
      sum: await agent.callTool("add", { a: 2, b: 3 }),
      quotient: await agent.callTool("divide", { a: 10, b: 4 }),
      byZero: await agent.callTool("divide", { a: 1, b: 0 }),
      invalid: await agent.callTool("divide", { a: "ten", b: 2 }),
    };
  } finally {
    await app.close();
  }
}

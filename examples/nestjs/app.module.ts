import { Module } from "@nestjs/common";
import { CalculatorService } from "./calculator.service.js";
import { MathAgent } from "./math.agent.js";

/** The application module: the agent is a provider like the service it uses. */
@Module({ providers: [CalculatorService, MathAgent] })
export class AppModule {}

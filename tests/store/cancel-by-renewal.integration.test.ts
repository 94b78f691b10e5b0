// On a Redis store without a subscriber (no notices), a cancel another replica writes is seen by the replica running
// the task at its next lease renewal (every third of leaseMs), which then stops the handler.
import { BaseAgent, currentToolCall, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "./use-test-redis.js";

jest.setTimeout(30_000);

class Worker extends BaseAgent {
  static override agentName = "renewal_worker";
  @tool({ description: "Runs until stopped", background: true })
  soak() {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopped"))));
  }
}

const server = useTestRedis();

it("stops a task of another replica at its next renewal", async () => {
  const a = new Worker({ store: new RedisStore({ client: server.client, prefix: "renewal" }), leaseMs: 600 });
  const b = new Worker({ store: new RedisStore({ client: server.client, prefix: "renewal" }), leaseMs: 600 });
  const { taskId } = await a.callTool("soak", {});
  await expect(b.tasks.requestCancel(taskId!, "stop it")).resolves.toBe(true);
  await expect(a.tasks.wait(taskId!)).resolves.toMatchObject({ outcome: "cancelled" });
  await expect(b.tasks.fetch(taskId!)).resolves.toMatchObject({ status: "cancelled" });
});

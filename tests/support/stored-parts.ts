import { BaseAgent, type RuntimeStore, ToolRegistry, content, image, tool } from "toolwright";

/** A 1×1 PNG, base64. */
export const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Two replicas of one agent on one store: `a` runs the task, `b` reads it. */
export function makeReplicas(store: RuntimeStore) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  class Shooter extends BaseAgent {
    static override agentName = "shooter";
    @tool({ description: "Screenshot", timeoutMs: 50, onTimeout: "background" })
    async screenshot() {
      await finished;
      return content("The page:", image({ data: PNG, mimeType: "image/png" }));
    }
  }
  const registry = () => new ToolRegistry({ scope: "stored-parts" });
  return { a: new Shooter({ registry: registry(), store }), b: new Shooter({ registry: registry(), store }), finish };
}

/** Runs the task on `a`, lets it finish, and returns what `b` reads of it. */
export async function readElsewhere(store: RuntimeStore) {
  const { a, b, finish } = makeReplicas(store);
  const handed = await a.callTool("screenshot", {});
  expect(handed.outcome).toBe("backgrounded");
  finish();
  await a.tasks.wait(handed.taskId!);
  // Wait until the record is written, then read it as another process would.
  for (let i = 0; i < 100; i++) {
    const info = await b.tasks.fetch(handed.taskId!);
    if (info?.status === "succeeded") return info;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the task record was never written");
}

import { BaseAgent, StoreUnavailableError, ToolRegistry, tool } from "toolwright";
import { createRedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";

// Issue 35, found in review: `tasks.wait` of a task another replica runs read the store again, on every notice or
// poll, whenever a read failed, counting the failure as an outage that would pass. On a store the app closed
// (createRedisStore's `close()`) every read fails for good, so the wait never ended, polling a closed client every
// `storePollMs`, while `tasks.fetch` of the same task rejected at once with STORE_UNAVAILABLE. A wait on a closed
// store must end the same way.
const server = useTestRedis();

let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
afterAll(() => release());

class Jobs extends BaseAgent {
  static override agentName = "jobs";
  @tool({ description: "Rebuild", params: {}, timeoutMs: 1, onTimeout: "background" })
  async rebuild() {
    await released;
    return "rebuilt";
  }
}

async function within<T>(ms: number, promise: Promise<T>): Promise<T | "still waiting"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"still waiting">((resolve) => (timer = setTimeout(() => resolve("still waiting"), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("a wait on a store that was closed (issue 35)", () => {
  it("rejects with STORE_UNAVAILABLE, as a fetch does", async () => {
    const store = await createRedisStore({ url: server.redis.url, prefix: "closed-wait", commandTimeoutMs: 500 });
    const options = { store, sweepIntervalMs: false as const, storePollMs: 50 };
    const runner = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const reader = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const started = await runner.callTool("rebuild", {});
    expect(started.outcome).toBe("backgrounded");
    await store.close();
    await expect(reader.tasks.fetch(started.taskId!)).rejects.toBeInstanceOf(StoreUnavailableError);
    const waited = await within(
      3_000,
      reader.tasks.wait(started.taskId!).catch((error: unknown) => error),
    );
    expect(waited).toBeInstanceOf(StoreUnavailableError);
  });
});

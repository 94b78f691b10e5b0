import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";
import { StoreThatGoesDown } from "../store/store-that-goes-down.js";

// Issue 40, item 13: a taken-over task of a `background: true` tool was handed to the background again by the
// replica that took it over: the original task ended `failed` with a hand-off notice, and the real result landed
// under a second task id nobody asked for (taking a slot). It now runs as the task it is.

jest.setTimeout(30_000);
const LEASE_MS = 200;
const server = useTestRedis();

const ran: string[] = [];
const hanging: (() => void)[] = [];
afterAll(() => hanging.forEach((release) => release()));

class Builder extends BaseAgent {
  static override agentName = "builder";
  // The first replica's run never ends: it is cut off from the store first.
  hang = true;
  @tool({ description: "Build a release", params: { version: p.string() }, background: true })
  async build({ version }: { version: string }) {
    ran.push(version);
    if (this.hang) await new Promise<void>((resolve) => hanging.push(resolve));
    return `built ${version}`;
  }
}

describe("a taken-over background task runs as itself (issue 40)", () => {
  it("ends the original task with the real result, and starts no second task", async () => {
    const shared = new RedisStore({ client: server.client, prefix: "handoff" });
    const old = new StoreThatGoesDown(shared);
    const options = { leaseMs: LEASE_MS, storePollMs: 20 };
    const first = new Builder({ registry: new ToolRegistry({ scope: "t" }), store: old, ...options });
    const handed = await first.callTool("build", { version: "1.2.0" });
    expect(handed.outcome).toBe("backgrounded");
    old.goDown();

    const taker = new Builder({ registry: new ToolRegistry({ scope: "t" }), store: shared, ...options });
    taker.hang = false;
    const result = await taker.tasks.wait(handed.taskId!);
    expect(result).toMatchObject({ ok: true, content: "built 1.2.0", taskId: handed.taskId });
    expect(ran).toEqual(["1.2.0", "1.2.0"]);
    // One task in the store, the one the caller was given.
    expect((await taker.tasks.fetchAll()).map((task) => [task.id, task.status])).toEqual([
      [handed.taskId, "succeeded"],
    ]);
  });
});

// Sessions on a real redis-server (issue 38): two replicas (each its own connection, store and agent, one scope) see
// the same untrusted mark and count the same repeat streak, because an agent with a store keeps its sessions there.
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { redisForSuite } from "../store/redis-server.js";

const redis = redisForSuite();

function makeReplica(client: ConstructorParameters<typeof RedisStore>[0]["client"]) {
  const ran: string[] = [];
  class Inbox extends BaseAgent {
    static override agentName = "redis_inbox";

    @tool({ description: "Read a mail", params: { id: p.string() }, openWorld: true, readOnly: true, repeat: false })
    read({ id }: { id: string }) {
      ran.push(`read ${id}`);
      return `mail ${id}`;
    }

    @tool({ description: "Delete a mail", params: { id: p.string() }, destructive: true })
    remove({ id }: { id: string }) {
      ran.push(`remove ${id}`);
      return `deleted ${id}`;
    }

    @tool({ description: "Count", params: {}, readOnly: true, repeat: { nudgeAt: 2, refuseAt: 5 } })
    count() {
      ran.push("count");
      return 3;
    }
  }
  const store = new RedisStore({ client, prefix: "sessions" });
  return { agent: new Inbox({ registry: new ToolRegistry({ scope: "tenant" }), store }), ran };
}

describe("sessions shared through Redis (issue 38)", () => {
  it("a session marked by untrusted output in one replica asks before a destructive call in the other", async () => {
    const other = redis.client.duplicate();
    await other.connect();
    try {
      const a = makeReplica(redis.client);
      const b = makeReplica(other);
      await a.agent.callTool("read", { id: "1" }, { session: "mark-1" });
      const asked = await b.agent.callTool("remove", { id: "1" }, { session: "mark-1" });
      expect(asked.outcome).toBe("awaiting_approval");
      expect(asked.error?.message).toMatch(/untrusted output \(from "read"\)/);
      expect((await b.agent.callTool("remove", { id: "2" }, { session: "mark-2" })).outcome).toBe("success");
      expect(b.ran).toEqual(["remove 2"]);
    } finally {
      other.destroy();
    }
  });

  it("counts identical calls of one session across replicas, each exactly once when they race", async () => {
    const other = redis.client.duplicate();
    await other.connect();
    try {
      const a = makeReplica(redis.client);
      const b = makeReplica(other);
      await a.agent.callTool("count", {}, { session: "streak-1" });
      const second = await b.agent.callTool("count", {}, { session: "streak-1" });
      expect(second.notice).toMatch(/call 2 in a row/);

      // Eight identical calls at once, four per replica: counted 1..8 whatever the order, so the four from the
      // fifth on are refused.
      const racing = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).agent.callTool("count", {}, { session: "race" })),
      );
      expect(racing.filter((r) => r.error?.code === "REPEATED_CALL")).toHaveLength(4);
    } finally {
      other.destroy();
    }
  });

  it("counts a thousand identical calls of one session at once in one replica, none failed by a lost race", async () => {
    const a = makeReplica(redis.client);
    const results = await Promise.all(
      Array.from({ length: 1_000 }, () => a.agent.callTool("count", {}, { session: "burst" })),
    );
    // refuseAt 5: four run and the rest are refused as repeats (before the session's changes were queued in the
    // process, the racing compare-and-sets failed most of these calls with TOOL_FAILED).
    expect(results.filter((r) => r.outcome === "success")).toHaveLength(4);
    expect(results.filter((r) => r.error?.code === "REPEATED_CALL")).toHaveLength(996);
    expect(a.ran).toHaveLength(4);
  });
});

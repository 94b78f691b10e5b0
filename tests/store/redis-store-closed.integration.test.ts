import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { RedisStore, createRedisStore } from "toolwright/redis";
import { createClient } from "redis";
import { useTestRedis } from "./use-test-redis.js";

// A RedisStore made on a client of the app's own says it is closed once that client is (node-redis's `isOpen`), so
// the sweepers of the agents on it stop rather than sweep a closed client every interval for the life of the process
// (createRedisStore's `close()` did this already for the stores it makes).

const server = useTestRedis();

class Ops extends BaseAgent {
  static override agentName = "closed_ops";
  @tool({ description: "Restart a service", params: { service: p.string() }, requiresApproval: true })
  restart({ service }: { service: string }) {
    return `restarted ${service}`;
  }
}

describe("a RedisStore whose client was closed", () => {
  it("says so, and its agents' sweepers send nothing more", async () => {
    const client = createClient({ url: server.redis.url });
    await client.connect();
    let sent = 0;
    const store = new RedisStore({
      prefix: "closed",
      client: {
        sendCommand: (args, options) => {
          sent += 1;
          return client.sendCommand([...args], options);
        },
        get isOpen() {
          return client.isOpen;
        },
      },
    });
    new Ops({ registry: new ToolRegistry({ scope: "t" }), store, sweepIntervalMs: 20 });
    const sweeping = Date.now() + 10_000;
    while (sent === 0 && Date.now() < sweeping) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBeGreaterThan(0);
    expect(store.closed).toBe(false);

    client.destroy();
    expect(store.closed).toBe(true);
    const afterClose = sent;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toBe(afterClose);
  });

  it("closes with createRedisStore's close()", async () => {
    const owned = await createRedisStore({ url: server.redis.url, prefix: "closed-owned" });
    expect(owned.closed).toBe(false);
    await owned.close();
    expect(owned.closed).toBe(true);
  });

  it("is open while its client is, and a client without isOpen never reads as closed", async () => {
    expect(new RedisStore({ client: server.client }).closed).toBe(false);
    expect(new RedisStore({ client: { sendCommand: () => Promise.resolve(null) } }).closed).toBe(false);
  });
});

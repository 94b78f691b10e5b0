import { BaseAgent, p, tool } from "toolwright";

/** A to-do list that lives in the page: what an agent running in a browser tab might keep for its user. */
export class TodoAgent extends BaseAgent {
  static override agentName = "todo_agent";

  readonly #items: string[] = [];

  @tool({ description: "Add an item to the to-do list", params: { text: p.string({ minLength: 1, maxLength: 200 }) } })
  add({ text }: { text: string }): string {
    this.#items.push(text);
    return `added "${text}" (${this.#items.length} on the list)`;
  }

  @tool({
    description: "List the first items of the to-do list",
    params: { limit: p.integer({ minimum: 1, maximum: 50 }) },
  })
  list({ limit }: { limit: number }): string[] {
    return this.#items.slice(0, limit);
  }

  // The person at the page decides: the call waits for their click (main.ts).
  @tool({ description: "Clear the whole to-do list", params: {}, requiresApproval: true })
  clear(): string {
    const cleared = this.#items.length;
    this.#items.length = 0;
    return `cleared ${cleared} items`;
  }
}

import { BaseAgent, p, tool } from "toolwright";

/** The agent the Worker serves: one plain tool, one that needs the user's approval. */
export class NotesAgent extends BaseAgent {
  static override agentName = "notes";

  @tool({
    description: "Count the words of a text",
    params: { text: p.string("The text"), atLeast: p.integer({ minimum: 1 }).default(1) },
    readOnly: true,
  })
  count({ text, atLeast }: { text: string; atLeast: number }) {
    const words = text.split(/\s+/).filter(Boolean).length;
    return { words, enough: words >= atLeast };
  }

  @tool({ description: "Delete a note", params: { title: p.string("The note's title") }, requiresApproval: true })
  remove({ title }: { title: string }) {
    return `deleted ${title}`;
  }
}

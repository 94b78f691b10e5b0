// The TypeScript-first path: no descriptors. `toolwright generate` reads these signatures and JSDoc and writes
// examples/typed-agent.generated.ts, imported below; `npm run demo` shows the result.
import { BaseAgent, type Integer, builtinTool, tool } from "toolwright";
import "./typed-agent.generated.js";

/** Where to look. */
export interface NoteQuery {
  /** Words the note must contain. @minLength 1 */
  text: string;
  /** Only notes with all of these tags. @maxItems 5 */
  tags?: string[];
  /** Only notes changed after this moment (the handler receives the ISO string). */
  since?: Date | null;
}

export class NotesAgent extends BaseAgent {
  static override agentName = "notes_agent";
  readonly notes = [
    { path: "notes/ideas.md", text: "typed tools from signatures", tags: ["ideas"] },
    { path: "notes/todo.md", text: "ship the generator", tags: ["todo", "ideas"] },
  ];

  /**
   * Search for notes whose path matches a glob pattern.
   * @param pattern Glob pattern, e.g. "notes/**\/*.md"
   * @param maxResults At most this many paths. @minimum 1
   * @param mode Match the file name or its content.
   */
  @builtinTool({ readOnly: true })
  search(pattern: string, maxResults: Integer = 10, mode?: "name" | "content") {
    const prefix = pattern.split("*")[0] ?? "";
    const hits = this.notes.filter((note) =>
      mode === "content" ? note.text.includes(prefix) : note.path.startsWith(prefix),
    );
    return hits.slice(0, maxResults).map((note) => note.path);
  }

  /** Find notes by text and tags. */
  @tool({ readOnly: true })
  find(query: NoteQuery) {
    return this.notes
      .filter((note) => note.text.includes(query.text))
      .filter((note) => (query.tags ?? []).every((tag) => note.tags.includes(tag)))
      .map((note) => note.path);
  }
}

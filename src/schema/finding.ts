/**
 * How serious a finding is. `"error"`: the provider rejects the tool as exported (or toolwright refused to export it).
 * `"warning"`: the provider accepts it, but part of the schema was rewritten or left out; the model sees a weaker
 * schema, while toolwright still validates every call against the original one.
 */
export type Severity = "error" | "warning";

/** One thing a provider does not accept in a tool, and what toolwright did about it. */
export interface CompatibilityFinding {
  /** The tool's name. */
  readonly tool: string;
  /** JSON Pointer into the tool's input schema (`""` for the root or the tool itself), e.g. `/properties/tags/maxItems`. */
  readonly path: string;
  /** A stable rule id such as `openai.strict.open-object`; `docs/providers.md` lists every rule with its source. */
  readonly rule: string;
  /** See {@link Severity}. */
  readonly severity: Severity;
  /** What the provider requires and what toolwright did, for a developer to read. */
  readonly message: string;
}

/** Turns path segments into a JSON Pointer (RFC 6901): `["properties", "a/b"]` → `/properties/a~1b`. */
export function toPointer(segments: readonly string[]): string {
  let pointer = "";
  for (const s of segments) pointer += `/${escapeSegment(s)}`;
  return pointer;
}

/** Escapes one segment of a JSON Pointer (RFC 6901): `~` → `~0`, `/` → `~1`; a segment without either is returned as is. */
export function escapeSegment(segment: string): string {
  return segment.includes("~") || segment.includes("/") ? segment.replaceAll("~", "~0").replaceAll("/", "~1") : segment;
}

/** Collects findings for one tool while a schema is walked. */
export class FindingCollector {
  /** The findings so far, in the order they were found. */
  readonly findings: CompatibilityFinding[] = [];
  readonly #tool: string;

  /** Creates a collector for the tool named `tool`. */
  constructor(tool: string) {
    this.#tool = tool;
  }

  /** Records a finding at `path` (segments of the input schema). */
  add(path: readonly string[], rule: string, severity: Severity, message: string): void {
    this.findings.push({ tool: this.#tool, path: toPointer(path), rule, severity, message });
  }

  /** Records a finding at a JSON Pointer already made. */
  addAt(pointer: string, rule: string, severity: Severity, message: string): void {
    this.findings.push({ tool: this.#tool, path: pointer, rule, severity, message });
  }

  /** Returns true when an error has been recorded. */
  get hasErrors(): boolean {
    // A loop, not `some` with a closure: every rewrite of every exported schema asks once.
    const { findings } = this;
    for (let i = 0; i < findings.length; i++) if (findings[i]!.severity === "error") return true;
    return false;
  }
}

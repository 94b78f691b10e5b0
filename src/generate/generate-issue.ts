import { ToolDefinitionError } from "../errors/errors.js";

/** One thing the generator could not turn into JSON Schema, with where it is. */
export interface GenerateIssue {
  /** The file, relative to the working directory. */
  readonly file: string;
  /** 1-based line and column. */
  readonly line: number;
  readonly column: number;
  /** What is wrong and what would work, naming the class, method and parameter. */
  readonly message: string;
}

/** Formats an issue as `file:line:column message`, the form editors and CI logs link. */
export function formatGenerateIssue(issue: GenerateIssue): string {
  return `${issue.file}:${issue.line}:${issue.column} ${issue.message}`;
}

/** The generator found types it cannot write as JSON Schema; `issues` lists each with its place. */
export class GenerateError extends ToolDefinitionError {
  override name = "GenerateError";
  /** Every problem found, in file order. */
  readonly issues: readonly GenerateIssue[];
  /** Creates an error whose message lists every issue, one a line. */
  constructor(issues: readonly GenerateIssue[]) {
    super(`toolwright generate found ${issues.length} problem(s):\n${issues.map(formatGenerateIssue).join("\n")}`);
    this.issues = issues;
  }
}

/** Thrown inside the generator for one parameter; the walker turns it into a {@link GenerateIssue} and goes on. */
export class SiteError extends Error {
  override name = "SiteError";
  /** The node the problem is at. */
  readonly node: object;
  /** Creates an error for a node. */
  constructor(node: object, message: string) {
    super(message);
    this.node = node;
  }
}

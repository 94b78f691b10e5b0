import type { CompatibilityFinding } from "../../schema/finding.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";

// What OpenAI's custom-tool grammars cannot hold. OpenAI constrains custom tools with LLGuidance, whose Lark dialect
// leaves out lookarounds and lazy modifiers in regexes, terminal and rule priorities, templates, and imports other than
// `%import common` (microsoft/llguidance, parser/src/lark/README.md); its regexes are the Rust `regex` crate's, which
// has neither lookarounds nor backreferences. A grammar with one of these is refused by the API, so each is an error.

/** Records a finding for each construct of `tool`'s grammar that OpenAI's grammar engine does not take. */
export function checkOpenAIGrammar(tool: ExportableTool, findings: CompatibilityFinding[]): void {
  const grammar = tool.grammar;
  if (grammar === undefined) return;
  const problems = grammar.syntax === "regex" ? regexProblems(grammar.definition) : larkProblems(grammar.definition);
  for (const problem of new Set(problems)) {
    findings.push({
      tool: tool.name,
      path: "",
      rule: "openai.grammar",
      severity: "error",
      message: `The ${grammar.syntax} grammar uses ${problem}, which OpenAI's grammar engine (LLGuidance) does not support; rewrite the grammar without it.`,
    });
  }
}

// The unsupported constructs of one regex, read with escapes and character classes skipped.
function regexProblems(source: string): string[] {
  const problems: string[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (/[1-9]/.test(next) || next === "k") problems.push("a backreference (\\1, \\k<name>)");
      i++;
    } else if (c === "[") {
      // A class ends at the first `]` not escaped and not first in it.
      let j = i + 1;
      if (source[j] === "^") j++;
      if (source[j] === "]") j++;
      while (j < source.length && source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
      i = j;
    } else if (c === "(" && source[i + 1] === "?") {
      const rest = source.slice(i + 2, i + 4);
      if (rest.startsWith("=") || rest.startsWith("!") || rest === "<=" || rest === "<!") {
        problems.push("a lookaround ((?=, (?!, (?<=, (?<!)");
      }
      i++;
    } else if ((c === "*" || c === "+" || c === "?" || c === "}") && source[i + 1] === "?") {
      problems.push("a lazy quantifier (*?, +?, ??)");
      i++;
    }
  }
  return problems;
}

const STRING = /"(?:\\.|[^"\\])*"/g;
const TERMINAL_REGEX = /\/((?:\\.|[^/\\\n])+)\/[imslux]*/g;
const PRIORITY = /^\s*[?!]?[A-Za-z_][\w-]*\.-?\d+\s*:/;
const TEMPLATE = /^\s*[?!]?[A-Za-z_][\w-]*\{[^}]*\}\s*:/;
const IMPORT = /^\s*%import\s+(\S+)/;

// The unsupported constructs of a Lark grammar, line by line (comments skipped, strings blanked before regexes).
function larkProblems(definition: string): string[] {
  const problems: string[] = [];
  for (const line of definition.split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith("//") || trimmed.startsWith("#")) continue;
    const imported = IMPORT.exec(line)?.[1];
    if (imported !== undefined && !imported.startsWith("common.") && imported !== "common") {
      problems.push(`an import other than %import common (${imported})`);
    }
    if (PRIORITY.test(line)) problems.push("a priority (NAME.2: ...)");
    if (TEMPLATE.test(line)) problems.push("a template (name{...}: ...)");
    for (const match of line.replace(STRING, '""').matchAll(TERMINAL_REGEX)) problems.push(...regexProblems(match[1]!));
  }
  return problems;
}

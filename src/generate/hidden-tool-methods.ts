import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type * as ts from "typescript";
import type { GenerateIssue } from "./generate-issue.js";
import type { TypeScript } from "./load-typescript.js";

const DECORATOR = /^@\s*(?:[\w$]+\s*\.\s*)*(?:tool|builtinTool)\s*[(<]/;
const MAX_FILES = 500;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".cts"];

/**
 * Finds `@tool` / `@builtinTool` methods marked TypeScript `private` or `protected` in a module and the modules it
 * imports by relative path, by parsing them (no type checking: this is what `inspect` can afford). The modifier is
 * erased at run time, so the model is shown such a method as a tool; only the source tells.
 */
export function findHiddenToolMethods(tsApi: TypeScript, entry: string): GenerateIssue[] {
  const issues: GenerateIssue[] = [];
  const queue = [resolve(entry)];
  const seen = new Set(queue);
  while (queue.length > 0 && seen.size <= MAX_FILES) {
    const fileName = queue.shift()!;
    const text = tsApi.sys.readFile(fileName);
    if (text === undefined) continue;
    const file = tsApi.createSourceFile(fileName, text, tsApi.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      const specifier =
        tsApi.isImportDeclaration(statement) || tsApi.isExportDeclaration(statement)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier || !tsApi.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue;
      const target = sourceOf(resolve(dirname(fileName), specifier.text));
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
    const visit = (node: ts.Node): void => {
      if (tsApi.isMethodDeclaration(node) && tsApi.isClassLike(node.parent)) check(tsApi, node, issues);
      tsApi.forEachChild(node, visit);
    };
    visit(file);
  }
  return issues;
}

function check(tsApi: TypeScript, method: ts.MethodDeclaration, issues: GenerateIssue[]): void {
  const decorated = tsApi.getDecorators(method)?.some((d) => DECORATOR.test(d.getText()));
  const modifier = tsApi
    .getModifiers(method)
    ?.find((m) => m.kind === tsApi.SyntaxKind.PrivateKeyword || m.kind === tsApi.SyntaxKind.ProtectedKeyword);
  if (!decorated || !modifier) return;
  const file = method.getSourceFile();
  const { line, character } = file.getLineAndCharacterOfPosition(method.getStart());
  const owner = (method.parent as ts.ClassLikeDeclaration).name?.getText() ?? "(class)";
  issues.push({
    file: file.fileName,
    line: line + 1,
    column: character + 1,
    message:
      `${owner}.${method.name.getText()} is TypeScript \`${modifier.getText()}\`, which is erased at run time: the ` +
      "model still sees and can call it as a tool. Make it public, or remove the decorator.",
  });
}

// `./agent.js` in a TypeScript file names `./agent.ts`.
function sourceOf(path: string): string | undefined {
  const stem = path.replace(/\.[cm]?js$/, "");
  for (const extension of EXTENSIONS) {
    const candidate = `${stem}${extension}`;
    if (existsSync(candidate) && /\.[cm]?tsx?$/.test(candidate)) return candidate;
  }
  return undefined;
}

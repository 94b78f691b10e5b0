import type * as ts from "typescript";
import type { TypeScript } from "./load-typescript.js";
import type { FoundMethod } from "./method-schema.js";

/** The decorated methods of one file, and the module the file imports the decorators from. */
export interface FileMethods {
  readonly methods: FoundMethod[];
  /** The module specifier of the decorators' import (`"toolwright"`, `"../src/index.js"`), if one was seen. */
  readonly importedFrom?: string;
  /** Decorated methods in classes without a name, which the runtime cannot key. */
  readonly anonymous: ts.Node[];
}

const DECORATORS: Readonly<Record<string, FoundMethod["kind"]>> = { tool: "tool", builtinTool: "builtin" };

/**
 * Finds the methods of named classes decorated with `@tool(...)` or `@builtinTool(...)` (also through a renamed
 * import) that take their schema from the generator: those without `inputSchema`, and whose `params` is absent or an
 * object literal (a Standard Schema or a variable is left to the runtime).
 */
export function findMethods(tsApi: TypeScript, checker: ts.TypeChecker, file: ts.SourceFile): FileMethods {
  const methods: FoundMethod[] = [];
  const anonymous: ts.Node[] = [];
  let importedFrom: string | undefined;
  const visit = (node: ts.Node): void => {
    if (tsApi.isClassLike(node)) {
      for (const member of node.members) {
        if (!tsApi.isMethodDeclaration(member)) continue;
        for (const decorator of tsApi.getDecorators(member) ?? []) {
          const call = decorator.expression;
          if (!tsApi.isCallExpression(call)) continue;
          const match = decoratorKind(tsApi, checker, call.expression);
          if (!match) continue;
          importedFrom ??= match.module;
          const declared = declaredParams(tsApi, call.arguments[0]);
          if (!declared) continue;
          const name =
            tsApi.isIdentifier(member.name) || tsApi.isStringLiteral(member.name) ? member.name.text : undefined;
          if (name === undefined) continue; // #private and computed names: the decorator rejects them at run time
          if (!node.name) {
            anonymous.push(member);
            continue;
          }
          methods.push({ kind: match.kind, className: node.name.text, method: member, name, declared });
        }
      }
    }
    tsApi.forEachChild(node, visit);
  };
  visit(file);
  return { methods, anonymous, ...(importedFrom ? { importedFrom } : {}) };
}

function decoratorKind(
  tsApi: TypeScript,
  checker: ts.TypeChecker,
  callee: ts.Expression,
): { kind: FoundMethod["kind"]; module?: string } | undefined {
  const local = tsApi.isIdentifier(callee)
    ? callee
    : tsApi.isPropertyAccessExpression(callee)
      ? callee.name
      : undefined;
  if (!local) return undefined;
  const symbol = checker.getSymbolAtLocation(local);
  let name = local.text;
  let module: string | undefined;
  const specifier = symbol?.declarations?.find(tsApi.isImportSpecifier);
  if (specifier) {
    name = (specifier.propertyName ?? specifier.name).text;
    const from = specifier.parent.parent.parent.moduleSpecifier;
    if (tsApi.isStringLiteral(from)) module = from.text;
  }
  const kind = DECORATORS[name];
  return kind ? { kind, ...(module ? { module } : {}) } : undefined;
}

// Returns the keys of an object-literal `params`, an empty set without `params`, or undefined when the schema is
// given another way (`inputSchema`, a Standard Schema or a variable), which the generator leaves alone.
function declaredParams(tsApi: TypeScript, options: ts.Expression | undefined): Set<string> | undefined {
  if (!options) return new Set();
  if (!tsApi.isObjectLiteralExpression(options)) return new Set();
  const property = (key: string) =>
    options.properties.find((p) => p.name !== undefined && tsApi.isIdentifier(p.name) && p.name.text === key);
  if (property("inputSchema")) return undefined;
  const params = property("params");
  if (!params) return new Set();
  if (!tsApi.isPropertyAssignment(params) || !tsApi.isObjectLiteralExpression(params.initializer)) return undefined;
  const keys = params.initializer.properties.map((p) => p.name?.getText().replace(/^["']|["']$/g, "") ?? "");
  return new Set(keys);
}

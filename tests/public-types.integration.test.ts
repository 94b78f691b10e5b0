// Every type a public signature names (a parameter, a return type, a property, a base class, a union member, what
// an exported constant's inferred type is made of) must itself be exported from an entry point, or a wrapper cannot
// write that type down and the API reference links to nothing. Read with the compiler, not from a list: a new
// unexported type in a signature fails this test.
import { join, resolve, sep } from "node:path";
import ts from "typescript";

const root = resolve(__dirname, "..");
const src = join(root, "src") + sep;
const ENTRIES = [
  "src/index.ts",
  "src/mcp/index.ts",
  "src/redis/index.ts",
  "src/adapters/ai-sdk/index.ts",
  "src/adapters/openai-agents/index.ts",
  "src/adapters/langchain/index.ts",
  "src/adapters/otel/index.ts",
].map((entry) => join(root, entry));

// Named in signatures but deliberately not exported, each with why; typedoc.json lists the same names under
// intentionallyNotExported, so the reference stays at zero warnings.
export const INTENTIONALLY_NOT_EXPORTED: Readonly<Record<string, string>> = {
  Simplify: "flattens InferArgs' result for hovers; users name InferArgs",
  OptionalKeys: "a step of InferArgs",
  RuleValue: "a step of ToolFlags, derived from the flags table",
  TOOL_FLAGS: "the flags table ToolFlags is derived from; users name ToolFlags",
  PROVIDER_RULES: "the providers' rules ProviderName and CompatibilityOptions derive from; users name those",
  CheckParts: "the heavy parts checkCompatibility hands a provider's check (Gemini's OpenAPI converter); not for apps",
  AgentCallHost: "what ToolRegistry implements for BaseAgent; not a type apps implement",
};

function unexportedTypes(): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )!;
  const program = ts.createProgram(ENTRIES, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const real = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const exported = new Set<ts.Symbol>();
  const roots: ts.Symbol[] = [];
  for (const entry of ENTRIES) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    for (const symbol of checker.getExportsOfModule(module)) {
      exported.add(real(symbol));
      roots.push(real(symbol));
    }
  }
  const missing = new Map<string, string>();
  const inSrc = (node: ts.Node) => node.getSourceFile().fileName.startsWith(src);
  const check = (symbol: ts.Symbol | undefined, from: string) => {
    if (!symbol) return;
    const target = real(symbol);
    if (exported.has(target) || target.flags & ts.SymbolFlags.TypeParameter) return;
    const declaration = target.declarations?.[0];
    if (!declaration || !inSrc(declaration) || ts.isTypeParameterDeclaration(declaration)) return;
    if (!missing.has(target.getName())) missing.set(target.getName(), from);
  };
  const hidden = (node: ts.Node) =>
    (ts.canHaveModifiers(node) &&
      ts
        .getModifiers(node)
        ?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)) ||
    (ts.isClassElement(node) && node.name !== undefined && ts.isPrivateIdentifier(node.name)) ||
    ts.getJSDocTags(node).some((tag) => tag.tagName.text === "internal");
  const seenTypes = new Set<ts.Type>();
  const walkType = (type: ts.Type, from: string, depth: number): void => {
    if (depth > 4 || seenTypes.has(type)) return;
    seenTypes.add(type);
    if (type.aliasSymbol) {
      check(type.aliasSymbol, from);
      for (const argument of type.aliasTypeArguments ?? []) walkType(argument, from, depth + 1);
      return;
    }
    if (type.isUnionOrIntersection()) return type.types.forEach((member) => walkType(member, from, depth + 1));
    const symbol = type.getSymbol();
    if (symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) {
      check(symbol, from);
      for (const argument of checker.getTypeArguments(type as ts.TypeReference) ?? [])
        walkType(argument, from, depth + 1);
      return;
    }
    if (!(type.flags & ts.TypeFlags.Object)) return;
    for (const property of type.getProperties()) {
      const declaration = property.valueDeclaration;
      if (declaration && !hidden(declaration)) walkType(checker.getTypeOfSymbol(property), from, depth + 1);
    }
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      for (const parameter of signature.getParameters()) walkType(checker.getTypeOfSymbol(parameter), from, depth + 1);
      walkType(signature.getReturnType(), from, depth + 1);
    }
  };
  const walkNode = (node: ts.Node, from: string): void => {
    if (hidden(node) || ts.isBlock(node)) return;
    if (ts.isTypeReferenceNode(node)) {
      const name = ts.isQualifiedName(node.typeName) ? node.typeName.right : node.typeName;
      check(checker.getSymbolAtLocation(name), from);
    } else if (ts.isExpressionWithTypeArguments(node) || ts.isTypeQueryNode(node)) {
      const expression = ts.isTypeQueryNode(node) ? node.exprName : node.expression;
      check(
        checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expression) ? expression.name : expression),
        from,
      );
    }
    if (ts.isVariableDeclaration(node)) {
      if (node.type) walkNode(node.type, from);
      else walkType(checker.getTypeAtLocation(node.name), from, 0);
      return; // the initializer is the value, not the signature
    }
    if (ts.isPropertyDeclaration(node) && !node.type && node.initializer) {
      walkType(checker.getTypeAtLocation(node), from, 0);
      return;
    }
    if (ts.isFunctionLike(node) && !node.type) {
      const signature = checker.getSignatureFromDeclaration(node);
      if (signature) walkType(signature.getReturnType(), from, 0);
    }
    ts.forEachChild(node, (child) => walkNode(child, from));
  };
  for (const symbol of roots) {
    for (const declaration of symbol.declarations ?? []) {
      if (inSrc(declaration)) walkNode(declaration, symbol.getName());
    }
  }
  return missing;
}

describe("the public types", () => {
  it("exports every type that a public signature names, from one of the entry points", () => {
    const missing = [...unexportedTypes()]
      .filter(([name]) => INTENTIONALLY_NOT_EXPORTED[name] === undefined)
      .map(([name, from]) => `${name} (in ${from})`)
      .sort();
    expect(missing).toEqual([]);
  }, 120_000);
});

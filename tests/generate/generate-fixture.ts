import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type GeneratedSchemas, type GeneratedTool } from "toolwright";
import { type GenerateResult, generateSchemas } from "../../src/generate/generate.js";

/** The repository root: the fixtures are read with its tsconfig.json, whose `paths` map "toolwright" to src. */
export const repoRoot = resolve(__dirname, "../..");

/** Runs the generator on one fixture of tests/fixtures/generate, writing nowhere. */
export async function generateFixture(name: string): Promise<GenerateResult> {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-gen-"));
  // generateSchemas never writes: the folder only gives `out` a path of its own, so it can go once the result is in.
  try {
    const files = [`tests/fixtures/generate/${name}`];
    return await generateSchemas({ files, project: "tsconfig.json", out: join(dir, "generated.ts"), cwd: repoRoot });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Returns what a generated module passes to registerGeneratedSchemas, parsed back from its text. */
export function schemasOf(result: GenerateResult): GeneratedSchemas {
  const call = "registerGeneratedSchemas(";
  return JSON.parse(result.text.slice(result.text.lastIndexOf(call) + call.length, result.text.lastIndexOf(");")));
}

/** Returns the tools a generated module registers. */
export function toolsOf(result: GenerateResult): Record<string, GeneratedTool> {
  return schemasOf(result).tools;
}

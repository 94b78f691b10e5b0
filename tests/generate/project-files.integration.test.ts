import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateSchemas } from "../../src/generate/generate.js";
import { repoRoot, toolsOf } from "./generate-fixture.js";
import { tempFolders } from "../support/temp-folders.js";

// The program holds only the files with decorated methods and what they import, plus whatever can change types
// (global augmentations here). The rest of the tsconfig is left out, yet still watched.
describe("generate, the files of a project", () => {
  const tempFolder = tempFolders("toolwright-gen-project-");

  it("keeps global augmentations, leaves out the other files, and lists them all for --watch", async () => {
    const dir = tempFolder();
    const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
    write(
      "agent.ts",
      `import { BaseAgent, tool as t } from "toolwright";
export class Desk extends BaseAgent {
  @t() file(input: { level: Level }) { return input; }
}
`,
    );
    write("level.ts", 'export {};\ndeclare global { type Level = "low" | "high"; }\n');
    write("unrelated.ts", "export const unrelated: number = 1;\n");
    const compilerOptions = {
      strict: true,
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      lib: ["ES2022", "esnext.decorators"],
      skipLibCheck: true,
      types: [],
      paths: { toolwright: [join(repoRoot, "src", "index.ts")] },
    };
    write("tsconfig.json", JSON.stringify({ compilerOptions, include: ["*.ts"] }));

    const result = await generateSchemas({ out: "generated.ts", cwd: dir, project: join(dir, "tsconfig.json") });

    expect(result.issues).toEqual([]);
    expect(toolsOf(result)["Desk.file"]?.inputSchema).toMatchObject({
      properties: {
        level: { type: "string", enum: ["low", "high"] },
      },
      required: ["level"],
    });
    expect(result.files.map((file) => file.slice(dir.length + 1))).toEqual(["agent.ts", "level.ts", "unrelated.ts"]);
  }, 30_000);
});

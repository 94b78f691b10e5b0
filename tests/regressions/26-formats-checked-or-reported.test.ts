import type { ToolValidationError } from "toolwright";
import { ToolRegistry } from "toolwright";
import { CHECKED_FORMATS } from "../../src/schema/formats.js";
import { createAjv } from "../../src/schema/validator.js";

// ajv-formats knows no idn-email, idn-hostname, iri or iri-reference: they were accepted and never checked, with no
// word at definition. They are checked now, and a format toolwright does not check is reported when the tool is defined.
describe("formats", () => {
  const registry = new ToolRegistry();
  const formats = ["idn-email", "idn-hostname", "iri", "iri-reference", "hostname", "email", "duration"];
  const properties = Object.fromEntries(formats.map((format) => [format, { type: "string", format }]));
  registry.register("f", () => "ran", { description: "Formats", inputSchema: { type: "object", properties } });
  const issuesOf = (args: object) =>
    registry.dispatch("f", args).then(
      () => [],
      (error: ToolValidationError) => error.issues.map((issue) => issue.path),
    );

  it("checks the formats 2020-12 names that ajv-formats lacks", async () => {
    expect(
      await issuesOf({
        "idn-email": "실례@실례.테스트",
        "idn-hostname": "실례.테스트",
        iri: "http://ƒøø.ßår/?∂éœ=πîx",
      }),
    ).toEqual([]);
    expect(
      await issuesOf({
        "idn-email": "2962",
        "idn-hostname": "〮실례.테스트",
        iri: "/abc",
        "iri-reference": "\\\\WINDOWS\\fileshare",
      }),
    ).toEqual(["/idn-email", "/idn-hostname", "/iri", "/iri-reference"]);
  });

  it("checks hostname, email and duration as their RFCs say, where ajv-formats was looser or stricter", async () => {
    expect(await issuesOf({ hostname: "example.", duration: "P1Y2D" })).toEqual(["/hostname", "/duration"]);
    expect(await issuesOf({ hostname: "xn--X" })).toEqual(["/hostname"]);
    expect(await issuesOf({ email: '"joe bloggs"@example.com' })).toEqual([]);
    expect(await issuesOf({ email: "joe.bloggs@[127.0.0.1]" })).toEqual([]);
  });

  it("does not print what the format library throws for a refused hostname", async () => {
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    try {
      await issuesOf({ "idn-hostname": "xn--X" });
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it("reports a format it does not check when the tool is defined", () => {
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    const emit = jest
      .spyOn(process, "emitWarning")
      .mockImplementation(((message: string, options: { code: string }) =>
        listener(Object.assign(new Error(message), options))) as never);
    try {
      new ToolRegistry().register("u", () => "ran", {
        description: "Unknown",
        inputSchema: { type: "object", properties: { body: { type: "string", format: "textarea" } } },
      });
    } finally {
      emit.mockRestore();
    }
    expect(warnings).toEqual([expect.objectContaining({ code: "TOOLWRIGHT_UNCHECKED_FORMAT" })]);
    expect(warnings[0]!.message).toMatch(/register\("u"\): the format "textarea" is not checked/);
  });

  it("lists exactly the formats the validator has", () => {
    const ajv = createAjv();
    expect(new Set(Object.keys(ajv.formats))).toEqual(CHECKED_FORMATS);
  });
});

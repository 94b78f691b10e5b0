import type { GenerateIssue } from "../../src/generate/generate-issue.js";
import { generateFixture } from "./generate-fixture.js";

let issues: readonly GenerateIssue[];

beforeAll(async () => {
  ({ issues } = await generateFixture("bad-agent.ts"));
}, 30_000);

function issueFor(fragment: string): GenerateIssue | undefined {
  return issues.find((issue) => issue.message.includes(fragment));
}

describe("toolwright generate errors", () => {
  it.each([
    ['BadAgent.callbacks parameter "onDone"', /function cannot be a JSON value/, 12],
    ['BadAgent.callbacks parameter "key"', /symbol cannot be a JSON value/, 12],
    ['BadAgent.callbacks parameter "big"', /bigint cannot be a JSON value/, 12],
    ['BadAgent.connect parameter "connection"', /"connection.open" is a method; class instances with methods/, 18],
    ['BadAgent.generic parameter "value"', /generic type T is unresolved/, 24],
    ['BadAgent.misfit parameter "name"', /@minimum does not apply to a string/, 33],
    ["BadAgent.notObject", /must be an object type/, 39],
    // Return types are mapped as parameters are, with the same errors (the fixture's methods return what they take).
    ["BadAgent.callbacks return type", /bigint cannot be a JSON value/, 12],
    ["BadAgent.connect return type", /"result.open" is a method; class instances with methods/, 18],
    ["BadAgent.generic return type", /generic type T is unresolved/, 24],
  ])("reports %s with file:line when its type has no JSON form", (fragment, message, line) => {
    const issue = issueFor(fragment);
    expect(issue).toMatchObject({ file: "tests/fixtures/generate/bad-agent.ts", line });
    expect(issue?.message).toMatch(message);
  });

  it("reports nothing else when the other types are fine", () => {
    expect(issues).toHaveLength(10);
  });
});

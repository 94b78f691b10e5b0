import type { ExportableTool } from "../src/tool/exportable-tool.js";

// A deterministic generator (mulberry32), so every run searches the same tools with the same queries.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = "get list create update delete send search convert export import find check start stop sync".split(" ");
const NOUNS = (
  "invoice customer email file order payment account rate report ticket user project task event message " +
  "contract product price shipment refund calendar document folder record note device alert budget"
).split(" ");
// A vocabulary of 2,000 made-up words, drawn with a Zipf-like skew: a few words occur in many tools, most in few,
// as in real descriptions.
const VOCABULARY = Array.from({ length: 2_000 }, (_, i) => `w${i.toString(36)}x`);

/** Returns `count` tools with names, descriptions and parameters like those of a large real catalogue. */
export function makeCorpus(count: number, seed = 23): ExportableTool[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const zipf = () => VOCABULARY[Math.floor(VOCABULARY.length * next() ** 3)]!;
  const words = (n: number) => Array.from({ length: n }, () => (next() < 0.3 ? pick(NOUNS) : zipf())).join(" ");
  return Array.from({ length: count }, (_, i) => {
    const verb = pick(VERBS);
    const noun = pick(NOUNS);
    return {
      name: `${verb}_${noun}_${i}`,
      description: `${verb} the ${noun} ${words(12)}`,
      inputSchema: {
        type: "object",
        properties: {
          [`${noun}Id`]: { type: "string", description: `The ${noun} id ${words(4)}` },
          limit: { type: "integer", description: `How many ${words(3)}` },
        },
      },
      deferred: true,
    };
  });
}

/** Returns `count` queries of `words` words each, the way a model describes a capability. */
export function makeQueries(count: number, words: number, seed = 7): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, () =>
    Array.from({ length: words }, (_, i) =>
      i === 0 ? pick(VERBS) : i === 1 ? pick(NOUNS) : VOCABULARY[Math.floor(VOCABULARY.length * next() ** 2)]!,
    ).join(" "),
  );
}

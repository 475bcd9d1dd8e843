import { describe, expect, it } from "vitest";
import { defaultLexicon } from "./lexicon.ts";
import * as named from "./named-senses.ts";

describe("the senses the rules name", () => {
  const lexicon = defaultLexicon();
  const changing: ReadonlySet<string> = new Set([named.MAKING, named.REMEMBERING]);
  for (const [name, id] of Object.entries(named)) {
    const effect = changing.has(id) ? "change" : "read";
    it(`${name} (${id}) is an operation of the thesaurus whose effect is to ${effect}`, () => {
      const sense = lexicon.senses.get(id);
      expect(sense?.class).toBe("operation");
      expect(sense?.effect).toBe(effect);
    });
  }
});

import { describe, expect, it } from "vitest";
import { defaultLexicon } from "./lexicon.ts";
import * as named from "./named-senses.ts";

describe("the senses the rules name", () => {
  const lexicon = defaultLexicon();
  for (const [name, id] of Object.entries(named)) {
    it(`${name} (${id}) is a reading operation of the thesaurus`, () => {
      const sense = lexicon.senses.get(id);
      expect(sense?.class).toBe("operation");
      expect(sense?.effect).toBe("read");
    });
  }
});

/**
 * A word's sense read from what it is said of: some operation words mean one
 * thing or another by their object, and the analysis, which reads each word
 * alone, gives every sense it can have. Read before the terms and the frame
 * (request.ts), so that both rank and frame by the sense meant
 * (docs/matching.md, "Round thirteen: reading what is asked").
 */
import type { Analysis, Term } from "./analyze.ts";
import type { Lexicon } from "./lexicon.ts";
import { MAKING, SUMMARIZING } from "./named-senses.ts";

/** Between a light verb and the thing it makes: nothing, or a short modifier (发个新 PR, open a new issue). */
const MADE_THING_GAP = /^\s*(?:[\p{Script=Han}]{0,2}|new|draft)?\s*$/u;

/**
 * A text's length as what something is pressed into (压成三句话, 压缩到 200 字以内,
 * compress it to 100 words): counted in characters, words, sentences, lines
 * or points of text, it says the text is to be made shorter, not packed.
 */
const TEXT_LENGTH_RESULT =
  /^\s*(?:成|到|为)?\s*(?:\d+|[一二两三四五六七八九十百千几]+)\s*个?\s*(?:字|句|行|段|词|条|要点)|^\s*(?:[a-z][\w-]*\s+){0,3}?(?:in)?to\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+(?:words|sentences|lines|paragraphs|bullets|bullet points|points)\b/u;

/** The sense packing files into an archive, which a text's length as its result reads as summarizing. */
const PACKING = "compress";

export function sensesByObject(analysis: Analysis, lexicon: Lexicon): Analysis {
  const made = lightVerbsOnMadeThings(analysis, lexicon);
  const shortened = packingIntoTextLength(analysis);
  if (made.length === 0 && shortened.length === 0) return analysis;
  const terms = analysis.terms.flatMap((t) => {
    if (shortened.includes(t)) return [{ ...t, key: `c:${SUMMARIZING}` }];
    const light = made.find((m) => m.start === t.start && m.end === t.end);
    return light !== undefined && t.kind === "concept" && !isLightOrMaking(t, lexicon) ? [] : [t];
  });
  // A light word on a made thing is a word of making, whether or not the thesaurus lists it there too (搞个 PR, 开个 issue).
  for (const light of made)
    if (!terms.some((t) => t.start === light.start && t.end === light.end && t.key === `c:${MAKING}`)) terms.push({ ...light, key: `c:${MAKING}` });
  return { ...analysis, terms: terms.sort((a, b) => a.start - b.start) };
}

/**
 * A light verb (发个, 开个, 提个) takes its sense from its object, and a thing
 * made for something (a pull request, to be merged; an issue, to keep a
 * problem on record: lexicon.ts `madeFor`) is made when it is asked for with
 * a light verb: 发个 PR opens one, 提个 issue files one. The word's other senses
 * (发个 sends a message) are not meant.
 */
function lightVerbsOnMadeThings(analysis: Analysis, lexicon: Lexicon): Term[] {
  const concepts = analysis.terms.filter((t) => t.kind === "concept");
  return concepts.filter((t) => {
    if (lexicon.senses.get(t.key.slice(2))?.light !== true) return false;
    const next = concepts.find((o) => o.start >= t.end && lexicon.senses.get(o.key.slice(2))?.class === "object");
    return next !== undefined && lexicon.senses.get(next.key.slice(2))?.madeFor !== undefined && MADE_THING_GAP.test(analysis.text.slice(t.end, next.start));
  });
}

function isLightOrMaking(t: Term, lexicon: Lexicon): boolean {
  const sense = t.key.slice(2);
  return sense === MAKING || lexicon.senses.get(sense)?.light === true || lexicon.senses.get(sense)?.class !== "operation";
}

/** The packing words whose result is a length of text (压成三句话): summarizing said as pressing the text shorter. */
function packingIntoTextLength(analysis: Analysis): Term[] {
  return analysis.terms.filter((t) => t.kind === "concept" && t.key === `c:${PACKING}` && TEXT_LENGTH_RESULT.test(analysis.text.slice(t.end)));
}

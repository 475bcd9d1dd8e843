/**
 * Homophone keys for Chinese typo tolerance. Most Chinese typos come from a
 * pinyin input method picking the wrong character of the same sound (删除 →
 * 山除, 列表 → 烈表), so two words with the same toneless pinyin are typo
 * candidates of each other. The table (data/pinyin.json) is generated from
 * Unihan; see scripts/build-pinyin.mjs.
 */
import pinyinData from "./data/pinyin.json" with { type: "json" };

interface PinyinData {
  readonly syllables: Readonly<Record<string, string>>;
}

let syllableOf: Map<string, string> | undefined;

function table(): Map<string, string> {
  if (syllableOf === undefined) {
    const data = pinyinData as PinyinData;
    syllableOf = new Map();
    for (const [syllable, chars] of Object.entries(data.syllables)) {
      for (const char of chars) syllableOf.set(char, syllable);
    }
  }
  return syllableOf;
}

/** `删除` → `shan chu`; undefined when a character has no reading in the table. */
export function pinyinKey(word: string): string | undefined {
  const syllables: string[] = [];
  for (const char of word) {
    const syllable = table().get(char);
    if (syllable === undefined) return undefined;
    syllables.push(syllable);
  }
  return syllables.join(" ");
}

/** True when `a` and `b` have equal length and differ in exactly one character. */
export function differsInOneChar(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (x.length !== y.length) return false;
  let differences = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) differences++;
  return differences === 1;
}

/**
 * A toneless pinyin key with the sounds pinyin input methods let people
 * confuse ("fuzzy pinyin", 模糊音) folded together: zh/z, ch/c, sh/s and n/l
 * initials, -ang/-an, -eng/-en and -ing/-in finals.
 */
export function fuzzyPinyinKey(key: string): string {
  return key
    .split(" ")
    .map((syllable) =>
      syllable
        .replace(/^([zcs])h/, "$1")
        .replace(/^l/, "n")
        .replace(/(?<=[aei])ng$/, "n"),
    )
    .join(" ");
}

let syllables: ReadonlySet<string> | undefined;

/**
 * The syllables a final uo becomes with one of its letters left out, or
 * that become it with the letter put in (suo → su, so; su → suo; luo → lu,
 * lo): the two vowels of uo are typed as one by a hand that drops a key, and
 * no fuzzy pinyin setting offers them (`fuzzyPinyinKey`).
 */
export function nearSyllables(syllable: string): string[] {
  syllables ??= new Set(table().values());
  const initial = syllable.replace(/(?:uo|u|o)$/, "");
  const near = syllable.endsWith("uo") ? [`${initial}u`, `${initial}o`] : /[uo]$/.test(syllable) ? [`${initial}uo`] : [];
  return near.filter((candidate) => candidate !== syllable && syllables!.has(candidate));
}

/**
 * The ways a run of Latin letters splits into pinyin syllables (jieya → jie
 * ya; xian → xian, xi an), each as a toneless key, at most `most` syllables.
 */
export function syllableKeys(letters: string, most = 4): string[] {
  syllables ??= new Set(table().values());
  const out: string[] = [];
  const split = (rest: string, taken: string[]): void => {
    if (rest === "") {
      if (taken.length > 0) out.push(taken.join(" "));
      return;
    }
    if (taken.length === most) return;
    for (let length = 1; length <= Math.min(6, rest.length); length++)
      if (syllables!.has(rest.slice(0, length))) split(rest.slice(length), [...taken, rest.slice(0, length)]);
  };
  split(letters, []);
  return out;
}

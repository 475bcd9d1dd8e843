/**
 * Typo candidates for words a request uses but no tool or thesaurus entry
 * knows, by the two ways people slip:
 *
 * - Chinese is typed through a pinyin input method, which offers every word
 *   and character of a sound: a slip is a word of the same toneless pinyin
 *   with one character changed (删除 → 山除), or failing any, one of a sound
 *   the input method's fuzzy pinyin confuses (zh/z, ch/c, sh/s, n/l, -ng/-n:
 *   升级 → 森级). Typed text that is no word at all (不属) may be a whole
 *   word of the same sound (部署); a real word (价格) is taken to be meant,
 *   unless one character away from a known word.
 * - English is typed letter by letter: a slip is a word within a small edit
 *   distance that starts with the same letter (`retsart`), or for a short
 *   word, two letters swapped (`lsit`).
 */
import { isTransposition, keepsEveryLetter, typoBudget, withinDistance } from "./edit-distance.ts";
import { differsInOneChar, fuzzyPinyinKey, nearSyllables, pinyinKey, syllableKeys } from "./pinyin.ts";

export class TypoVocabulary {
  private readonly englishByLength = new Map<number, string[]>();
  private readonly hanByPinyin = new Map<string, string[]>();
  private readonly hanByFuzzyPinyin = new Map<string, string[]>();

  /** `english`: known English stems; `han`: known Chinese words and phrases (two or more characters). */
  constructor(english: Iterable<string>, han: Iterable<string>) {
    for (const word of new Set(english)) add(this.englishByLength, word.length, word);
    for (const word of new Set(han)) {
      const key = pinyinKey(word);
      if (key === undefined) continue;
      add(this.hanByPinyin, key, word);
      add(this.hanByFuzzyPinyin, fuzzyPinyinKey(key), word);
    }
    for (const map of [this.englishByLength, this.hanByPinyin, this.hanByFuzzyPinyin]) for (const list of map.values()) list.sort();
  }

  /**
   * Known English stems a typo may have meant, nearest first. `stem` is the
   * typed word's stem, `surface` the word as typed (its length sets the budget).
   */
  english(stem: string, surface: string = stem): string[] {
    const budget = typoBudget(Math.max(stem.length, surface.length));
    for (let distance = 1; distance <= budget; distance++) {
      const found: string[] = [];
      for (let len = stem.length - distance; len <= stem.length + distance; len++) {
        for (const word of this.englishByLength.get(len) ?? []) {
          // people rarely get the first letter wrong: `uname` is not a typo of `cname`
          if (word !== stem && word[0] === stem[0] && withinDistance(stem, word, distance)) found.push(word);
        }
      }
      if (found.length > 0) return found;
    }
    if (budget > 0 || surface.length < 4) return [];
    return (this.englishByLength.get(surface.length) ?? []).filter((word) => isTransposition(surface, word));
  }

  /**
   * Known English stems a short word (three or four letters as typed) keeps
   * every letter of, swapped, dropped or doubled (`tga` → tag, `isue` →
   * issue), with the same first letter. Such a word is as often a word of its
   * own (`star`, `cup`), so these are asked for only where no reading of the
   * word as typed serves (`request.ts`).
   */
  shortEnglish(stem: string, surface: string): string[] {
    if (surface.length < 3 || surface.length > 4) return [];
    const found: string[] = [];
    for (let len = stem.length - 1; len <= stem.length + 1; len++) {
      for (const word of this.englishByLength.get(len) ?? []) if (word[0] === stem[0] && keepsEveryLetter(stem, word)) found.push(word);
    }
    return found;
  }

  /**
   * Known Chinese words that sound like `word` and differ from it in one
   * character (or in any, when `word` is no word: `isWord` false), or failing
   * any, that nearly sound like it and differ in one character.
   */
  han(word: string, isWord = true): string[] {
    const key = pinyinKey(word);
    if (key === undefined) return [];
    const same = isWord ? this.homophones(word) : (this.hanByPinyin.get(key) ?? []).filter((known) => known !== word);
    if (same.length > 0) return same;
    const fuzzy = (this.hanByFuzzyPinyin.get(fuzzyPinyinKey(key)) ?? []).filter((known) => differsInOneChar(word, known));
    if (fuzzy.length > 0 || isWord) return fuzzy;
    // a sound further off is a slip only of what is no word at all (压宿; 增肌 is a word of its own, not 增加)
    return this.nearSounds(key).filter((known) => differsInOneChar(word, known));
  }

  /** Known words whose sound is `key` with one syllable's final a letter longer or shorter (压宿 ya su → 压缩 ya suo). */
  private nearSounds(key: string): string[] {
    const syllables = key.split(" ");
    return syllables.flatMap((syllable, i) =>
      nearSyllables(syllable).flatMap((near) => this.hanByPinyin.get([...syllables.slice(0, i), near, ...syllables.slice(i + 1)].join(" ")) ?? []),
    );
  }

  /** Known Chinese words of two or more characters spelled by some Latin letters read as pinyin (jie ya, jieya → 解压). */
  spelled(letters: string): string[] {
    return syllableKeys(letters).flatMap((key) => (key.includes(" ") ? (this.hanByPinyin.get(key) ?? []) : []));
  }

  /** Known Chinese words of the very same sound as `word` that differ from it in one character (回复 → 恢复). */
  homophones(word: string): string[] {
    const key = pinyinKey(word);
    if (key === undefined) return [];
    return (this.hanByPinyin.get(key) ?? []).filter((known) => differsInOneChar(word, known));
  }
}

function add<K>(map: Map<K, string[]>, key: K, word: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [word]);
  else list.push(word);
}

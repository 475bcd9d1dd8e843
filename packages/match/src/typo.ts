/**
 * Typo candidates for words a request uses but no tool or thesaurus entry
 * knows. English: words within a small edit distance. Chinese: words of the
 * same toneless pinyin that differ in one character (the input-method slip).
 */
import { typoBudget, withinDistance } from "./edit-distance.ts";
import { differsInOneChar, pinyinKey } from "./pinyin.ts";

export class TypoVocabulary {
  private readonly englishByLength = new Map<number, string[]>();
  private readonly hanByPinyin = new Map<string, string[]>();

  /** `english`: known English stems; `han`: known Chinese words and phrases (two or more characters). */
  constructor(english: Iterable<string>, han: Iterable<string>) {
    for (const word of new Set(english)) {
      const list = this.englishByLength.get(word.length) ?? [];
      list.push(word);
      this.englishByLength.set(word.length, list);
    }
    for (const word of new Set(han)) {
      const key = pinyinKey(word);
      if (key === undefined) continue;
      const list = this.hanByPinyin.get(key) ?? [];
      list.push(word);
      this.hanByPinyin.set(key, list);
    }
    for (const list of [...this.englishByLength.values(), ...this.hanByPinyin.values()]) list.sort();
  }

  /** Known English stems a typo of `stem` may have meant, nearest first. */
  english(stem: string): string[] {
    const budget = typoBudget(stem.length);
    for (let distance = 1; distance <= budget; distance++) {
      const found: string[] = [];
      for (let len = stem.length - distance; len <= stem.length + distance; len++) {
        for (const word of this.englishByLength.get(len) ?? []) {
          if (word !== stem && withinDistance(stem, word, distance)) found.push(word);
        }
      }
      if (found.length > 0) return found;
    }
    return [];
  }

  /** Known Chinese words that sound like `word` and differ from it in one character. */
  han(word: string): string[] {
    const key = pinyinKey(word);
    if (key === undefined) return [];
    return (this.hanByPinyin.get(key) ?? []).filter((known) => differsInOneChar(word, known));
  }
}

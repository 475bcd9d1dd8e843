import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { defaultLexicon } from "./lexicon.ts";
import { sensesByObject } from "./senses-by-object.ts";

const lexicon = defaultLexicon();
/** The operation senses read at a word of the text, after its object has been read. */
const sensesAt = (text: string, word: string): string[] => {
  const analysis = sensesByObject(analyze(text, lexicon), lexicon);
  const start = analysis.text.indexOf(word);
  return analysis.terms
    .filter((t) => t.kind === "concept" && t.start === start && lexicon.senses.get(t.key.slice(2))?.class === "operation")
    .map((t) => t.key.slice(2))
    .sort();
};

describe("sensesByObject: a light verb on a thing made for something makes it", () => {
  it.each([
    // 发个 sends a message, or makes a pull request: the object says which
    ["发个 pr 吧，dev 合到 master", "发个", ["create", "do"]],
    ["发个新的合并请求", "发个", ["create", "do"]],
    // a light word the thesaurus lists under no making is one here (搞个 issue files it)
    ["搞个 issue 跟踪一下", "搞个", ["create", "do"]],
    // on anything else the word keeps every sense it has
    ["发个通知给运维群", "发个", ["do", "send"]],
    ["打个补丁", "打个", ["do"]],
  ])("%s: %s reads as %j", (text, word, senses) => {
    expect(sensesAt(text, word)).toEqual(senses);
  });
});

describe("sensesByObject: a text pressed into a length of text is summarized", () => {
  it.each([
    ["会议纪要太长了，压成三句话", "压成", ["summarize"]],
    ["下面这篇文档帮我压缩到 200 字以内", "压缩", ["summarize"]],
    ["compress this report to 100 words", "compress", ["summarize"]],
    // files packed into an archive, or into a count of files, are packed
    ["把 logs 目录压缩到 /backup", "压缩", ["compress"]],
    ["打包成 3 个文件", "打包", ["compress"]],
  ])("%s: %s reads as %j", (text, word, senses) => {
    expect(sensesAt(text, word)).toEqual(senses);
  });
});

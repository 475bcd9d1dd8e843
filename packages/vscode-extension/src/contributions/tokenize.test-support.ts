/**
 * Tokenizes text with the generated grammar through vscode-textmate and the
 * Oniguruma WebAssembly build, as VS Code itself does.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import oniguruma from "vscode-oniguruma";
import textmate from "vscode-textmate";
import { buildGrammar } from "./grammar.ts";

export interface Token {
  readonly line: number;
  readonly text: string;
  readonly scopes: readonly string[];
}

let grammarPromise: Promise<textmate.IGrammar> | undefined;

async function loadGrammar(): Promise<textmate.IGrammar> {
  const wasm = await readFile(createRequire(import.meta.url).resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => (scopeName === "source.hdlp" ? textmate.parseRawGrammar(JSON.stringify(buildGrammar()), "hdlp.json") : null),
  });
  const grammar = await registry.loadGrammar("source.hdlp");
  if (!grammar) throw new Error("source.hdlp did not load");
  return grammar;
}

export async function tokenize(text: string): Promise<Token[]> {
  grammarPromise ??= loadGrammar();
  const grammar = await grammarPromise;
  const tokens: Token[] = [];
  let state = textmate.INITIAL;
  text.split(/\r?\n/).forEach((lineText, line) => {
    const result = grammar.tokenizeLine(lineText, state);
    for (const token of result.tokens) {
      tokens.push({ line, text: lineText.slice(token.startIndex, token.endIndex), scopes: token.scopes });
    }
    state = result.ruleStack;
  });
  return tokens;
}

/** `text  scope scope …` per token, one line each: what a failing test prints. */
export function describeTokens(tokens: readonly Token[]): string {
  return tokens.map((t) => `${t.line}: ${JSON.stringify(t.text)}  ${t.scopes.slice(1).join(" ")}`).join("\n");
}

// Reads one field of a Unihan file (the Unicode Character Database's
// Unihan_*.txt, unpacked): each character that has it, with its value.
// Shared by the scripts that generate the tables in src/data/.
import { readFileSync } from "node:fs";

export function unihanField(path, field) {
  const out = new Map();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.startsWith("U+")) continue;
    const [code, name, value] = line.split("\t");
    if (name === field) out.set(String.fromCodePoint(parseInt(code.slice(2), 16)), value);
  }
  return out;
}

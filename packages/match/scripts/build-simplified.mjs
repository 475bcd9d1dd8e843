// Regenerates simplified.json, the traditional → simplified character table
// behind request normalisation (src/normalize.ts). Source: the Unicode
// Character Database's Unihan files (Debian package `unicode-data`,
// /usr/share/unicode/Unihan_*.txt.bz2, unpacked), Unicode licence. A
// character is folded when simplified Chinese input methods do not type it
// (it is not in GB2312, kGB0) and its simplified variant (kSimplifiedVariant:
// the first of them they type; 裡 lists itself before 里) is one they type; both in the Basic
// Multilingual Plane, so folding keeps every offset of the text.
//   node scripts/build-simplified.mjs Unihan_Variants.txt Unihan_OtherMappings.txt > src/data/simplified.json
import { unihanField } from "./unihan.mjs";

const [variantsPath, mappingsPath] = process.argv.slice(2);
const gb2312 = unihanField(mappingsPath, "kGB0");
const simplified = unihanField(variantsPath, "kSimplifiedVariant");
const bmp = (char) => char.length === 1;
let traditional = "";
let folded = "";
for (const [char, variants] of [...simplified].sort(([a], [b]) => a.codePointAt(0) - b.codePointAt(0))) {
  const target = variants
    .split(" ")
    .map((code) => String.fromCodePoint(parseInt(code.slice(2), 16)))
    .find((variant) => variant !== char && gb2312.has(variant));
  if (target === undefined || gb2312.has(char) || !bmp(char) || !bmp(target)) continue;
  traditional += char;
  folded += target;
}
process.stdout.write(
  `${JSON.stringify({ source: "Unihan 15.0 kSimplifiedVariant, characters outside GB2312 (kGB0) to ones in it", traditional, simplified: folded }, null, 0)}\n`,
);

// Regenerates pinyin.json, the homophone table behind Chinese typo tolerance.
// Source: the Unicode Character Database's Unihan files (Debian package
// `unicode-data`, /usr/share/unicode/Unihan_*.txt.bz2, unpacked), Unicode
// licence. Characters: GB2312 (kGB0), the set simplified Chinese input
// methods type. Reading: the first kMandarin value, tone marks removed.
//   node scripts/build-pinyin.mjs Unihan_Readings.txt Unihan_OtherMappings.txt > src/data/pinyin.json
import { unihanField } from "./unihan.mjs";

const [readingsPath, mappingsPath] = process.argv.slice(2);
const gb2312 = unihanField(mappingsPath, "kGB0");
const mandarin = unihanField(readingsPath, "kMandarin");
const bySyllable = {};
for (const char of [...gb2312.keys()].sort()) {
  const reading = mandarin.get(char);
  if (!reading) continue;
  const syllable = reading
    .split(" ")[0]
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ü/g, "v");
  bySyllable[syllable] = (bySyllable[syllable] ?? "") + char;
}
const sorted = Object.fromEntries(Object.entries(bySyllable).sort(([a], [b]) => a.localeCompare(b)));
process.stdout.write(`${JSON.stringify({ source: "Unihan 15.0 kMandarin, GB2312 (kGB0) characters", syllables: sorted }, null, 0)}\n`);

/**
 * The check-then-read race, made to happen: `<root>/flip/TOOL.hdlp` is a link
 * swapped, as fast as a process can, between a file inside the root
 * (`<root>/.store/inside.hdlp`) and one outside it, each swap atomic (a rename
 * over the link), while the test reads through it.
 */
import { spawn } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes both files and the link, then runs `body` while the link flips; the flipper is stopped however `body` ends. */
export async function whileLinkFlips<T>(root: string, outside: string, texts: { inside: string; outside: string }, body: () => Promise<T> | T): Promise<T> {
  mkdirSync(join(root, ".store"));
  const inside = join(root, ".store", "inside.hdlp");
  const escaped = join(outside, "outside.hdlp");
  writeFileSync(inside, texts.inside);
  writeFileSync(escaped, texts.outside);
  mkdirSync(join(root, "flip"));
  const link = join(root, "flip", "TOOL.hdlp");
  symlinkSync(inside, link);
  const flipper = spawn("perl", [
    "-e",
    'my ($link, $a, $b) = @ARGV; while (1) { for my $t ($a, $b) { symlink($t, "$link.new"); rename("$link.new", $link) } }',
    link,
    inside,
    escaped,
  ]);
  const stopped = new Promise((resolve) => flipper.once("exit", resolve));
  await new Promise((resolve) => flipper.once("spawn", resolve));
  try {
    return await body();
  } finally {
    flipper.kill("SIGKILL");
    await stopped;
  }
}

/** Cleanups a test file registers, run after each of its tests (vitest's afterEach). */
import { afterEach } from "vitest";
import { tempDir } from "./tool-fixtures.ts";

/** A test file's temp folders (and whatever else it defers), removed after each test. */
export function perTestCleanup(prefix: string): { temp(): string; defer(cleanup: () => void): void } {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  return {
    temp() {
      const { dir, remove } = tempDir(prefix);
      cleanups.push(remove);
      return dir;
    },
    defer: (cleanup) => cleanups.push(cleanup),
  };
}

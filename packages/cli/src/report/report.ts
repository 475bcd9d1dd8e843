import type { Diagnostic } from "@hdlp/parser";

/** One linted file, as every reporter receives it. */
export interface FileReport {
  readonly path: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

export interface Totals {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  readonly fixable: number;
}

export function totals(files: readonly FileReport[]): Totals {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let fixable = 0;
  for (const file of files) {
    for (const d of file.diagnostics) {
      if (d.severity === "error") errors++;
      else if (d.severity === "warning") warnings++;
      else infos++;
      if (d.fix) fixable++;
    }
  }
  return { errors, warnings, infos, fixable };
}

/** Paths in reports use `/`, whatever the platform. */
export const portablePath = (path: string) => path.replaceAll("\\", "/");

/** Why a file system call failed, kept (`failureOf`) and said in words (`describe`). */

/** Why a file could not be read. */
export interface ReadFailure {
  readonly code: string | undefined;
  readonly message: string;
}

export function describe({ code, message }: ReadFailure): string {
  if (code === "ENOENT") return "no such file or folder";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "is a folder";
  if (code === "ELOOP") return "a loop of symbolic links";
  return message;
}

export function failureOf(error: unknown): ReadFailure {
  return { code: (error as NodeJS.ErrnoException).code, message: (error as Error).message };
}

/** Why a file system call failed, in words. */
export function describeFailure(error: unknown): string {
  return describe(failureOf(error));
}

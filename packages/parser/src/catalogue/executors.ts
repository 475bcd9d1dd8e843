/**
 * Executors and their methods, declared once.
 *
 * `fixed` executors know a closed set of methods (the linter rejects others
 * with a did-you-mean); `open` executors pass the method through to the remote
 * side, so only its shape (a dotted name) is checked and `suggested` feeds
 * completion. The tables are `as const`: executor names, git-forgejo's
 * method names and the HTTP verbs are types derived from them.
 */
import type { Doc } from "./fields.ts";

/** The verbs an `endpoint` may use, and the remote executors send. */
export const HTTP_VERBS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpVerb = (typeof HTTP_VERBS)[number];

export interface MethodParam {
  readonly name: string;
  /** `config`: required, but the config may supply it (git-forgejo's default repository). */
  readonly need: "required" | "optional" | "config";
  readonly doc: Doc;
  /** The only values the method accepts (the remote API's enum): the linter checks a tool's `enum` and `default`, the runtime each call. */
  readonly values?: readonly string[];
}

export interface MethodSpec<Name extends string = string> {
  readonly name: Name;
  readonly doc: Doc;
  readonly params: readonly MethodParam[];
  /** Params the runtime reads by name for this method, apart from any `command` template. */
  readonly reservedParams?: ReservedParams;
  /** True when the method only reads (an agent host may call it without asking: MCP's `readOnlyHint`). */
  readonly readOnly?: true;
}

/**
 * The param names a command-running method (`exec` of `shell` and
 * `gatekeeper`) gives a meaning of its own. The runtime reads them from here,
 * and so should every rule that asks whether a param is used.
 */
export interface ReservedParams {
  /** The free-text command line, run through `/bin/sh -c`; only a tool without a `command` template reads it. */
  readonly commandLine: string;
  /**
   * The working directory the command runs in, with or without a `command`
   * template: it is used as such, so a template need not mention it.
   */
  readonly workingDirectory: string;
}

/** `cmd` and `cwd`, as the seed's shell-exec declares them. */
export const EXEC_RESERVED_PARAMS: ReservedParams = { commandLine: "cmd", workingDirectory: "cwd" };

/** How a new tool of an executor starts (`hdlp new --executor`): it lints clean as it stands. */
export interface ExecutorStarter {
  readonly method: string;
  /** The template a new tool starts with, for an executor that reads one. */
  readonly template?: { readonly field: "command" | "endpoint"; readonly text: string };
  /** Its one param, required. */
  readonly param: { readonly name: string; readonly type: "string"; readonly description: string };
}

export interface ExecutorSpec<Name extends string = string> {
  readonly name: Name;
  readonly doc: Doc;
  /** Runs elsewhere, over the network (MCP's `openWorldHint`), rather than on this machine. */
  readonly remote: boolean;
  readonly starter: ExecutorStarter;
  /** The optional template fields (`command`, `endpoint`) this executor reads; absent: none. */
  readonly accepts?: readonly ("command" | "endpoint")[];
  readonly methods: { readonly kind: "fixed"; readonly list: readonly MethodSpec[] } | { readonly kind: "open"; readonly suggested: readonly MethodSpec[] };
}

/** A dotted method name as open executors accept it: `exec`, `cache.get`, `systemctl.restart`. */
export const OPEN_METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)*$/;

const p = (name: string, need: MethodParam["need"], zh: string, en: string, values?: readonly string[]): MethodParam => ({
  name,
  need,
  doc: { zh, en },
  ...(values ? { values } : {}),
});
const REPO = p("repo", "config", "仓库，写作 owner/name；缺省用配置中的默认仓库", "Repository as owner/name; the config's default repository when absent");
const PAGE = p(
  "page",
  "optional",
  "页码，从 1 开始；回执的 has_more 说明是否还有下一页",
  "Page number, from 1; the envelope's has_more says whether another page follows",
);
const LIMIT = p("limit", "optional", "每页条数（Forgejo 缺省上限 50）", "Page size (Forgejo caps it, 50 by default)");
const INDEX = (what: { zh: string; en: string }) => p("index", "required", `${what.zh}编号`, `${what.en} number`);
const ISSUE = { zh: "工单", en: "Issue" };
const PULL = { zh: "合并请求", en: "Pull request" };
const FILE_PATH = p("path", "required", "文件路径", "File path");
const CONTENT = p("content", "required", "文件内容（文本）", "Content (text)");
const MESSAGE = p("message", "optional", "提交说明", "Commit message");
const BRANCH = p("branch", "optional", "在此分支上提交（缺省为默认分支）", "Branch to commit on (the default branch when absent)");
const NEW_BRANCH = p(
  "new_branch",
  "optional",
  "先从 branch 新建此分支，提交到新分支（之后可开合并请求）",
  "Create this branch from `branch` first and commit there (then open a pull request)",
);
const EXPECTED_SHA = (zh: string, en: string) =>
  p(
    "sha",
    "optional",
    `期望的文件当前 sha（乐观并发：文件已被改动则失败）；缺省时先读取当前 sha，${zh}`,
    `The file's expected current sha (optimistic concurrency: fails if the file changed); when absent the current sha is read first, ${en}`,
  );
const ISSUE_STATE = ["open", "closed"] as const;
const LIST_STATE = [...ISSUE_STATE, "all"] as const;
/** MergePullRequestOption.Do in Forgejo's API. */
const MERGE_STYLES = ["merge", "rebase", "rebase-merge", "squash", "fast-forward-only", "manually-merged"] as const;
const SWITCH = (name: string, zh: string, en: string) =>
  p(name, "optional", `${zh}（Forgejo 缺省计算，关掉可减轻回执）`, `${en} (Forgejo computes it by default; false makes answers lighter)`);

const FORGEJO_METHODS = [
  { name: "repo.get", doc: { zh: "读取仓库信息", en: "Get a repository" }, params: [REPO], readOnly: true },
  {
    name: "repo.create",
    doc: { zh: "为当前用户新建仓库", en: "Create a repository for the authenticated user" },
    params: [
      p("name", "required", "仓库名", "Repository name"),
      p("description", "optional", "仓库描述", "Description"),
      p("private", "optional", "是否私有", "Whether it is private"),
      p("auto_init", "optional", "是否初始化（README）", "Initialise it with a README"),
    ],
  },
  {
    name: "repo.list",
    doc: { zh: "列出当前用户的仓库（分页）", en: "List the authenticated user's repositories (paged)" },
    params: [PAGE, LIMIT],
    readOnly: true,
  },
  {
    name: "repo.search",
    doc: { zh: "搜索仓库（分页）", en: "Search repositories (paged)" },
    params: [p("q", "optional", "关键词", "Keyword"), PAGE, LIMIT],
    readOnly: true,
  },
  { name: "repo.branches", doc: { zh: "列出分支（分页）", en: "List branches (paged)" }, params: [REPO, PAGE, LIMIT], readOnly: true },
  {
    name: "repo.commits",
    doc: { zh: "列出提交记录（分页）", en: "List commits (paged)" },
    params: [
      REPO,
      p("branch", "optional", "分支或 SHA", "Branch or SHA"),
      p("path", "optional", "只看涉及该路径的提交", "Only commits touching this path"),
      LIMIT,
      PAGE,
      SWITCH("stat", "每个提交附带增删统计", "Diff stats for every commit"),
      SWITCH("verification", "每个提交附带签名验证", "Signature verification for every commit"),
      SWITCH("files", "每个提交附带改动的文件列表", "The files every commit touched"),
    ],
    readOnly: true,
  },
  {
    name: "repo.compare",
    doc: { zh: "比较两个引用", en: "Compare two refs" },
    params: [REPO, p("base", "required", "基准引用", "Base ref"), p("head", "required", "对比引用", "Head ref")],
    readOnly: true,
  },
  {
    name: "repo.contents",
    doc: {
      zh: "读取文件内容（解码为文本），或列出目录（缺省 path 为仓库根目录）",
      en: "Read a file (decoded to text), or list a folder (no path: the repository's root)",
    },
    params: [
      REPO,
      p("path", "optional", "文件或目录路径；缺省为根目录", "File or folder path; the root when absent"),
      p("ref", "optional", "分支、标签或 SHA", "Branch, tag or SHA"),
    ],
    readOnly: true,
  },
  {
    name: "branch.create",
    doc: { zh: "新建分支", en: "Create a branch" },
    params: [
      REPO,
      p("branch", "required", "新分支名", "The new branch's name"),
      p("from", "optional", "从哪个分支、标签或提交创建（缺省为默认分支）", "Branch, tag or commit to create it from (the default branch when absent)"),
    ],
  },
  {
    name: "file.create",
    doc: { zh: "新建文件", en: "Create a file" },
    params: [REPO, FILE_PATH, CONTENT, MESSAGE, BRANCH, NEW_BRANCH],
  },
  {
    name: "file.update",
    doc: { zh: "更新文件（可带期望的 sha）", en: "Update a file (optionally at an expected sha)" },
    params: [
      REPO,
      FILE_PATH,
      CONTENT,
      MESSAGE,
      BRANCH,
      NEW_BRANCH,
      EXPECTED_SHA("读与写之间别人的改动会被覆盖", "and an edit made between that read and the write is overwritten"),
    ],
  },
  {
    name: "file.delete",
    doc: { zh: "删除文件（可带期望的 sha）", en: "Delete a file (optionally at an expected sha)" },
    params: [
      REPO,
      FILE_PATH,
      MESSAGE,
      BRANCH,
      NEW_BRANCH,
      EXPECTED_SHA("读与删之间别人的改动也会被删除", "and an edit made between that read and the delete is deleted with it"),
    ],
  },
  {
    name: "issue.list",
    doc: { zh: "列出工单（不含合并请求，分页）", en: "List issues (not pull requests; paged)" },
    params: [
      REPO,
      p("state", "optional", "open | closed | all", "open | closed | all", LIST_STATE),
      p("labels", "optional", "标签名（列表或逗号分隔）", "Label names (a list, or comma-separated)"),
      LIMIT,
      PAGE,
    ],
    readOnly: true,
  },
  { name: "issue.get", doc: { zh: "读取一个工单", en: "Get an issue" }, params: [REPO, INDEX(ISSUE)], readOnly: true },
  {
    name: "issue.create",
    doc: { zh: "新建工单", en: "Create an issue" },
    params: [REPO, p("title", "required", "标题", "Title"), p("body", "optional", "正文", "Body")],
  },
  {
    name: "issue.edit",
    doc: { zh: "修改工单：关闭、重开、标题、正文、标签、指派人", en: "Edit an issue: close, reopen, title, body, labels, assignees" },
    params: [
      REPO,
      INDEX(ISSUE),
      p("title", "optional", "新标题", "New title"),
      p("body", "optional", "新正文", "New body"),
      p("state", "optional", "open（重开）| closed（关闭）", "open (reopen) | closed (close)", ISSUE_STATE),
      p("labels", "optional", "替换全部标签：标签名或编号（列表或逗号分隔）", "Replaces every label: names or ids (a list, or comma-separated)"),
      p("assignees", "optional", "替换指派人：用户名（列表或逗号分隔）", "Replaces the assignees: user names (a list, or comma-separated)"),
    ],
  },
  {
    name: "issue.comment",
    doc: { zh: "在工单上评论", en: "Comment on an issue" },
    params: [REPO, INDEX(ISSUE), p("body", "required", "评论内容", "Comment")],
  },
  {
    name: "issue.comments",
    doc: { zh: "列出工单的评论", en: "List an issue's comments" },
    params: [REPO, INDEX(ISSUE), p("since", "optional", "只看此时间（RFC 3339）之后更新的", "Only those updated after this time (RFC 3339)")],
    readOnly: true,
  },
  {
    name: "pull.list",
    doc: { zh: "列出合并请求（分页）", en: "List pull requests (paged)" },
    params: [REPO, p("state", "optional", "open | closed | all", "open | closed | all", LIST_STATE), LIMIT, PAGE],
    readOnly: true,
  },
  { name: "pull.get", doc: { zh: "读取一个合并请求", en: "Get a pull request" }, params: [REPO, INDEX(PULL)], readOnly: true },
  {
    name: "pull.create",
    doc: { zh: "新建合并请求", en: "Open a pull request" },
    params: [
      REPO,
      p("title", "required", "标题", "Title"),
      p("head", "required", "来源分支", "Source branch"),
      p("base", "required", "目标分支", "Target branch"),
      p("body", "optional", "说明", "Body"),
    ],
  },
  {
    name: "pull.merge",
    doc: { zh: "合并合并请求", en: "Merge a pull request" },
    params: [
      REPO,
      INDEX(PULL),
      p("style", "optional", "合并方式，缺省 merge", "How to merge; merge when absent", MERGE_STYLES),
      p("message", "optional", "合并提交说明", "Merge commit message"),
    ],
  },
  { name: "release.list", doc: { zh: "列出版本（分页）", en: "List releases (paged)" }, params: [REPO, PAGE, LIMIT], readOnly: true },
  {
    name: "release.create",
    doc: { zh: "发布版本", en: "Create a release" },
    params: [
      REPO,
      p("tag_name", "required", "标签名", "Tag name"),
      p("name", "optional", "版本标题", "Release title"),
      p("body", "optional", "发布说明", "Release notes"),
      p("target", "optional", "目标分支或 SHA", "Target branch or SHA"),
      p("draft", "optional", "草稿", "Draft"),
      p("prerelease", "optional", "预发布", "Pre-release"),
    ],
  },
] as const satisfies readonly MethodSpec[];

/** A method git-forgejo knows. */
export type ForgejoMethodName = (typeof FORGEJO_METHODS)[number]["name"];

const EXECUTOR_TABLE = [
  {
    name: "gatekeeper",
    doc: {
      zh: "通过 gatekeeper 的 /exec 端点执行（翻译器：{method, params} → 系统调用）。",
      en: "Runs through a gatekeeper's /exec endpoint (the translator: {method, params} → system call).",
    },
    remote: true,
    starter: { method: "exec", param: { name: EXEC_RESERVED_PARAMS.commandLine, type: "string", description: "要执行的shell命令" } },
    // With method `exec`, a `command` template becomes `params.cmd`, each argument shell-quoted.
    accepts: ["command"],
    methods: {
      kind: "open",
      suggested: [
        {
          name: "exec",
          doc: { zh: "执行 params.cmd（可带 cwd）", en: "Run params.cmd (optionally in cwd)" },
          params: [
            p(EXEC_RESERVED_PARAMS.commandLine, "required", "命令", "Command"),
            p(EXEC_RESERVED_PARAMS.workingDirectory, "optional", "工作目录", "Working directory"),
          ],
          reservedParams: EXEC_RESERVED_PARAMS,
        },
        { name: "grep", doc: { zh: "在文件中搜索", en: "Search files" }, params: [] },
      ],
    },
  },
  {
    name: "hlpd-api",
    doc: {
      zh: "直接调用 HLDP API（JSON-RPC 2.0，或以 endpoint 声明的 REST 调用）。",
      en: "Calls the HLDP API directly (JSON-RPC 2.0, or the REST call an `endpoint` declares).",
    },
    remote: true,
    starter: {
      method: "module.get",
      template: { field: "endpoint", text: "GET /modules/{id}" },
      param: { name: "id", type: "string", description: "模块编号" },
    },
    accepts: ["endpoint"],
    methods: {
      kind: "open",
      suggested: [
        { name: "cache.get", doc: { zh: "读缓存", en: "Read the cache" }, params: [] },
        { name: "cache.set", doc: { zh: "写缓存", en: "Write the cache" }, params: [] },
        { name: "module.search", doc: { zh: "搜索模块", en: "Search modules" }, params: [] },
      ],
    },
  },
  {
    name: "git-forgejo",
    doc: { zh: "通过 Forgejo 仓库 API 操作（/api/v1）。", en: "Works through the Forgejo repository API (/api/v1)." },
    remote: true,
    starter: { method: "repo.get", param: { name: "repo", type: "string", description: "仓库，写作 owner/name" } },
    methods: { kind: "fixed", list: FORGEJO_METHODS },
  },
  {
    name: "shell",
    doc: {
      zh: "本地执行：有 command 时按参数模板执行（不经 shell）；否则以 /bin/sh -c 执行 cmd 参数。",
      en: "Runs locally: with `command`, as an argv template (no shell); without, `cmd` through /bin/sh -c.",
    },
    remote: false,
    starter: { method: "exec", template: { field: "command", text: "echo {text}" }, param: { name: "text", type: "string", description: "要输出的文本" } },
    accepts: ["command"],
    methods: {
      kind: "fixed",
      list: [
        {
          name: "exec",
          doc: { zh: "执行命令（可带 cwd 工作目录）", en: "Run the command (optionally in cwd)" },
          params: [],
          reservedParams: EXEC_RESERVED_PARAMS,
        },
      ],
    },
  },
] as const satisfies readonly ExecutorSpec[];

export type ExecutorName = (typeof EXECUTOR_TABLE)[number]["name"];

/** Every executor, in the order docs and completion list them. */
export const EXECUTORS: readonly ExecutorSpec<ExecutorName>[] = EXECUTOR_TABLE;
export const EXECUTOR_NAMES: readonly ExecutorName[] = EXECUTORS.map((e) => e.name);

export function executorSpec(name: string): ExecutorSpec<ExecutorName> | undefined {
  return EXECUTORS.find((e) => e.name === name);
}

/** The reserved params of `executor`'s `method`, if it has any (`cmd`, `cwd` for `exec` of shell and gatekeeper). */
export function reservedParams(executor: string, method: string): ReservedParams | undefined {
  const methods = executorSpec(executor)?.methods;
  if (!methods) return undefined;
  return (methods.kind === "fixed" ? methods.list : methods.suggested).find((m) => m.name === method)?.reservedParams;
}

export function isExecutorName(name: string): name is ExecutorName {
  return (EXECUTOR_NAMES as readonly string[]).includes(name);
}

/** ToolModel fixtures for the matcher's unit tests: a small registry with deliberately close groups, in both languages. */
import type { ParamModel, ToolModel } from "@hdlp/parser";

interface ToolText {
  readonly name: string;
  readonly display: string;
  readonly intent: string;
  readonly why?: string;
  /** `[name, description]` (a string param) or `[name, description, type]`. */
  readonly params?: ReadonlyArray<readonly [name: string, description: string, type?: ParamModel["type"]]>;
}

export function tool(text: ToolText): ToolModel {
  return {
    name: text.name,
    display: text.display,
    intent: text.intent,
    method: "exec",
    executor: "gatekeeper",
    params: (text.params ?? []).map(([name, description, type]) => ({ name, type: type ?? "string", required: false, description })),
    constraints: { timeout_ms: 30000, max_output_bytes: 65536, require_confirm: false, network: false, write: [] },
    author: "TEST",
    created: "2026-11-30",
    why: text.why ?? "",
  };
}

export const REGISTRY: readonly ToolModel[] = [
  tool({ name: "git-log", display: "提交历史", intent: "查看仓库某个分支的提交历史，包括作者和提交说明", params: [["branch", "分支名"]] }),
  tool({ name: "git-commit", display: "提交改动", intent: "把本地仓库的改动加入暂存区并创建一次提交", params: [["message", "提交说明"]] }),
  tool({ name: "git-diff", display: "代码差异", intent: "比较两个分支或提交之间的代码差异", params: [["from", "起点"], ["to", "终点"]] }),
  tool({ name: "service-restart", display: "服务重启", intent: "通过systemd重启服务器上的系统服务", params: [["service", "服务名"]] }),
  tool({ name: "container-restart", display: "容器重启", intent: "Restart a Docker container by name", params: [["container", "container name"]] }),
  tool({ name: "nginx-reload", display: "Nginx重载", intent: "检查nginx配置语法，通过后平滑重载配置" }),
  tool({ name: "log-tail", display: "日志尾部查看", intent: "查看日志文件末尾最新的若干行", params: [["path", "日志文件路径"]] }),
  tool({ name: "log-grep", display: "日志检索", intent: "在日志文件中按关键字搜索匹配的行", params: [["pattern", "关键字或正则"]] }),
  tool({ name: "disk-usage", display: "磁盘用量", intent: "Show free space of every disk partition", why: "Full disks break everything." }),
  tool({ name: "cert-renew", display: "证书续期", intent: "Renew TLS certificates before they expire" }),
  tool({ name: "file-delete", display: "文件删除", intent: "删除服务器上的指定文件", params: [["path", "文件路径"]] }),
  tool({ name: "cache-get", display: "缓存读取", intent: "Read a value from the cache by key", params: [["key", "缓存键"]] }),
  tool({ name: "port-check", display: "端口检查", intent: "Check whether a TCP port is listening and which process owns it", params: [["port", "端口号", "integer"]] }),
  tool({ name: "process-list", display: "进程列表", intent: "列出服务器上正在运行的进程及其PID和内存占用", params: [["filter", "按进程名过滤"]] }),
  tool({ name: "issue-comment", display: "Issue评论", intent: "在issue或合并请求下面发表一条评论", params: [["number", "issue或PR的编号", "integer"], ["body", "评论内容"]] }),
  tool({ name: "deploy", display: "服务部署", intent: "把指定服务的某个版本发布到目标服务器上", params: [["version", "要部署的版本号，如 v1.2.0"], ["hosts", "目标主机列表"]] }),
];

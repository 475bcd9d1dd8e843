import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize.ts";
import { findValues, impliedOperations, isDate, qualifiedSlots, shapeOf, valueSlots } from "./values.ts";

/** The values of a request, as `kind:text`, in order. */
function values(raw: string): string[] {
  const text = normalizeText(raw);
  return findValues(text, raw.normalize("NFKC"))
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .map((v) => `${v.kind}:${text.slice(v.start, v.end)}`);
}

describe("findValues", () => {
  it("tells what each value is: a path, a URL, an IP, a version, a date, a commit", () => {
    expect(values("把 /var/log/app.log 发到 https://hook.example.com/x，版本 v2.3.1，封 10.0.0.8，提交 9f8e7d6，2026-11-01 以后的")).toEqual([
      "path:/var/log/app.log",
      "url:https://hook.example.com/x",
      "version:v2.3.1",
      "ip:10.0.0.8",
      "commit:9f8e7d6",
      "date:2026-11-01",
    ]);
  });

  it("reads a metric expression as one value: a selector with labels or a range, inside its functions", () => {
    const kinds = (raw: string) => values(raw).filter((v) => v.startsWith("promql:"));
    expect(kinds('sum(rate(errors_total{svc="api"}[5m])) 画一下')).toEqual(['promql:sum(rate(errors_total{svc="api"}[5m]))']);
    expect(kinds('up{instance=~"web.*"}')).toEqual(['promql:up{instance=~"web.*"}']);
    expect(kinds("cpu_seconds[1h] please")).toEqual(["promql:cpu_seconds[1h]"]);
    expect(kinds("看下 nginx.conf 和 {a, b} 的 5m")).toEqual([]);
  });

  it("reads a number by what is around it: a port, an issue, a file mode, a count", () => {
    expect(values("看下 3306 和端口 9999")).toEqual(["port:3306", "port:9999"]);
    expect(values("在 #42 和 PR 17 下面回复")).toEqual(["ref:#42", "ref:17"]);
    expect(values("5 号 PR 合了")).toEqual(["ref:5 号"]);
    expect(values("chmod 644 那个文件")).toEqual(["mode:644"]);
    expect(values("最后 600 行")).toEqual(["number:600 行"]);
  });

  it("takes a Chinese unit after a number as part of the value, and says whether it is a duration or a date", () => {
    expect(values("6 月 18 号记下的，保留 600 秒，半小时后过期，10% 的用户")).toEqual([
      "date:6 月",
      "date:18 号",
      "duration:600 秒",
      "duration:半小时",
      "percent:10%",
    ]);
    expect(values("mute it for 2 hours, or 30m")).toEqual(["duration:2 hours", "duration:30m"]);
    expect(values("昨天和上周五的")).toEqual(["date:昨天", "date:上周五"]);
  });

  it("tells a stretch that is a date and nothing else", () => {
    for (const text of ["昨天", "上周五", "6 月 18 号", "2026-12-01"]) expect(isDate(normalizeText(text)), text).toBe(true);
    for (const text of ["群里", "昨天那台机器", "生产", ""]) expect(isDate(normalizeText(text)), text).toBe(false);
  });

  it("finds names: files, hosts, repositories, keys, globs, ids, assignments, CamelCase and snake_case", () => {
    expect(values("nginx.conf api.example.com zhuyuan/native-repo persona:zy001 *.log web-01 app=web NodeDown tool_index order-api")).toEqual([
      "filename:nginx.conf",
      "host:api.example.com",
      "repo:zhuyuan/native-repo",
      "key:persona:zy001",
      "pattern:*.log",
      "id:web-01",
      "assignment:app=web",
      "name:nodedown",
      "name:tool_index",
      "name:order-api",
    ]);
  });

  it("reads a file in a repository at a ref as the repository, the path and the ref, not as an email address", () => {
    expect(values("zhuyuan/native-repo:docs/ARCH.md@v2.0.0")).toEqual(["repo:zhuyuan/native-repo", "path:docs/arch.md", "version:v2.0.0"]);
    expect(values("看 zhuyuan/native-repo@v1.2.0 的 README")).toEqual(["repo:zhuyuan/native-repo", "version:v1.2.0"]);
    expect(values("zhuyuan/native-repo:README.md")).toEqual(["repo:zhuyuan/native-repo", "path:readme.md"]);
    // an image and its tag, an address: no path, no ref
    expect(values("library/nginx:1.25-alpine")).toEqual(["id:library/nginx:1.25-alpine"]);
    expect(values("ops@example.com")).toEqual(["email:ops@example.com"]);
  });

  it("reads SQL privileges in capitals, in a list or granted on something, as what an account may do, not statements", () => {
    expect(values("SELECT, UPDATE on crm -> svc_crm")).toEqual(["privileges:select, update", "name:svc_crm"]);
    expect(values("给 svc 开 SELECT、INSERT 权限")).toEqual(["privileges:select、insert"]);
    expect(values("DELETE on orders")).toEqual(["privileges:delete"]);
    expect(values("select * from t")).toEqual(["sql:select * from t"]);
    expect(values("delete on foo")).toEqual([]);
    expect(valueSlots("privileges", "select, update")).toEqual(["permission", "sql"]);
  });

  it("takes the Latin text after 执行 / 运行 for a command written out, as one in backquotes", () => {
    expect(values("在 /srv/app 目录下执行 npm ci && npm test")).toContain("command:npm ci && npm test");
    expect(values("运行一下 df -h，看看结果")).toContain("command:df -h");
    // Chinese after the verb is no command
    expect(values("执行备份任务").filter((v) => v.startsWith("command:"))).toEqual([]);
  });

  it("takes what a file is said to hold for a pattern to look for in it", () => {
    expect(values("有个 yaml 文件里写了 smtp_host，找找在哪")).toContain("pattern:smtp_host");
    expect(values("哪个脚本中写着 8080")).toContain("pattern:8080");
    expect(values("find the config mentioning LISTEN_ADDR")).toContain("pattern:listen_addr");
    // writing into a file is no text to look for
    expect(values("往 hosts 里写一行 10.0.0.8 db").filter((v) => v.startsWith("pattern:"))).toEqual([]);
  });

  it("takes what a name starts or ends with for a pattern to look for, with 以 or without, before or after 前缀", () => {
    for (const [text, pattern] of [
      ["以 tmp_ 打头的表", "tmp_"],
      ["session: 开头的键", "session:"],
      [".bak 结尾的文件", ".bak"],
      ["前缀是 cache_ 的那些", "cache_"],
      ["keys prefixed with cart:", "cart:"],
    ] as const)
      expect(values(text)).toContain(`pattern:${pattern}`);
  });

  it("takes an HTTP method in capitals for one only where HTTP is spoken of", () => {
    expect(values("用 PUT 方法调这个接口")).toEqual(["method:put"]);
    expect(values("GET token:u42 db=3")).toEqual(["key:token:u42", "assignment:db=3"]);
  });

  it("takes quoted text, code and what follows 就说 for payload", () => {
    expect(values('提交说明写"修复缓存过期"，跑 `ls /proc`，就说明天上线')).toEqual([
      'quote:"修复缓存过期"',
      "command:`ls /proc`",
      "content:明天上线",
      "date:明天",
    ]);
    expect(values("哪个文件里有 listen 8080 这句")).toEqual(["quote:listen 8080", "port:8080"]);
  });

  it("takes what someone other than the one asking is to be told for payload (跟霜砚说一下，…; 发条警告，说…; let them know …)", () => {
    expect(values("跟霜砚说一下，证书续好了")).toContain("content:证书续好了");
    expect(values("给他讲一声，库恢复了")).toContain("content:库恢复了");
    expect(values("跟大家说明天上线")).toContain("content:明天上线");
    expect(values("给值班的 bingshuo 发条警告，说数据库备份失败了")).toContain("content:数据库备份失败了");
    expect(values("ping bob to let them know the backup finished")).toContain("content: the backup finished");
    expect(values("tell ops that the cert is renewed")).toContain("content: the cert is renewed");
    // told to the one asking, said already, or 说明 (a description) opening a clause: no message
    for (const text of ["跟我说一下 nginx 的状态", "跟他说过了", "和上次说的一样", "说明一下这个工具"])
      expect(
        values(text).filter((v) => v.startsWith("content:")),
        text,
      ).toEqual([]);
  });

  it("takes what follows a text field named for it (标题写, 说明就写, titled) for payload, unless it is quoted", () => {
    expect(values("改完了提交一下，说明就写 修复缓存过期")).toContain("content: 修复缓存过期");
    expect(values("开个合并请求，标题写 续期证书")).toContain("content: 续期证书");
    expect(values("open a pull request titled fix the deploy script")).toContain("content: fix the deploy script");
    // quoted, the quote is the text, and what comes after is read as before
    expect(values('标题写"续期证书"，再部署一下')).toEqual(['quote:"续期证书"']);
  });

  it("finds SQL and cron lines whole", () => {
    expect(values("crm 库: SELECT count(*) FROM users")[0]).toBe("sql:select count(*) from users");
    expect(values("0 3 * * * 这条是谁配的")).toEqual(["cron:0 3 * * *"]);
  });

  it("does not let trailing punctuation or Chinese text into a value, and leaves plain words alone", () => {
    expect(values("版本v2.3.1，路径/srv/app。")).toEqual(["version:v2.3.1", "path:/srv/app"]);
    expect(values("看 nginx 日志")).toEqual([]);
  });
});

describe("impliedOperations", () => {
  it("reads what notation asks for: a range is a comparison, an arrow to an archive packing, between paths a move", () => {
    const implied = (raw: string) => impliedOperations(normalizeText(raw), findValues(normalizeText(raw))).map((o) => o.operation);
    expect(implied("v1.4.0..v1.5.0")).toEqual(["compare"]);
    expect(implied("/var/www/site → /backup/site.tar.gz")).toEqual(["compress"]);
    expect(implied("/tmp/x.zip -> /opt/app")).toEqual(["extract"]);
    expect(implied("/srv/tmp/report.csv → /srv/reports/")).toEqual(["move"]);
    expect(implied("/srv/a 和 /srv/b")).toEqual([]);
  });

  it("reads an arrow between a remote address and a local path as a download, the other way as an upload", () => {
    const implied = (raw: string) => impliedOperations(normalizeText(raw), findValues(normalizeText(raw))).map((o) => o.operation);
    expect(implied("s3://media/img/banner.png -> /srv/www/banner.png")).toEqual(["download"]);
    expect(implied("https://example.com/dist/app.tgz → /opt/app.tgz")).toEqual(["download"]);
    expect(implied("/srv/exports/users.csv => oss://reports/users.csv")).toEqual(["upload"]);
    expect(implied("s3://a/x.txt -> s3://b/x.txt")).toEqual([]);
  });

  it("reads a remote address and a local path side by side, as a copying command gives source and destination, as a download (or upload)", () => {
    const implied = (raw: string) => impliedOperations(normalizeText(raw), findValues(normalizeText(raw))).map((o) => o.operation);
    expect(implied("gsutil cp gs://builds/app.tgz ./")).toEqual(["download"]);
    expect(implied("rclone copy /srv/exports oss://reports/")).toEqual(["upload"]);
    // two local paths side by side: the verb says copy or move, not the notation
    expect(implied("cp /srv/a.conf ../")).toEqual([]);
    expect(values("cp /srv/a.conf ../")).toEqual(["path:/srv/a.conf", "path:../"]);
  });

  it("reads a shell's redirection into a file as writing it, but not an arrow, a stream's number or /dev/null", () => {
    const implied = (raw: string) => impliedOperations(normalizeText(raw), findValues(normalizeText(raw))).map((o) => o.operation);
    expect(implied("echo 'net.ipv4.ip_forward=1' >> /etc/sysctl.d/99-forward.conf")).toEqual(["write"]);
    expect(implied("printf done > ./status.txt")).toEqual(["write"]);
    expect(implied("df -h 2> /tmp/df.err")).toEqual([]);
    expect(implied("make > /dev/null")).toEqual([]);
    expect(implied("/srv/a.csv -> /srv/b/")).toEqual(["move"]);
    const text = normalizeText("echo hi >> /tmp/greeting.txt");
    expect(impliedOperations(text, findValues(text)).map((o) => text.slice(o.start, o.end))).toEqual([">> /tmp/greeting.txt"]);
  });

  it("says which values ask for the operation", () => {
    const text = normalizeText("比一下 v1.4.0..v1.5.0");
    expect(impliedOperations(text, findValues(text)).map((o) => text.slice(o.start, o.end))).toEqual(["v1.4.0..v1.5.0"]);
  });
});

describe("qualifiedSlots", () => {
  it("qualifies what a path is (a file, a folder, either) by where it is from: the root (absolute) or inside something", () => {
    expect(qualifiedSlots("path", "/etc/nginx/nginx.conf")).toEqual(["file@absolute"]);
    expect(qualifiedSlots("path", "/srv/app")).toEqual(["directory@absolute"]);
    expect(qualifiedSlots("path", "/etc/hosts")).toEqual(["file@absolute", "directory@absolute"]);
    expect(qualifiedSlots("path", "~/.ssh")).toEqual(["file@absolute", "directory@absolute"]);
    // a path not from the root is inside something (a repository's docs/ARCH.md); one from here (./) is neither; other kinds say nothing of it
    expect(qualifiedSlots("path", "docs/guide/ARCH.md")).toEqual(["file@inside"]);
    expect(qualifiedSlots("path", "./scripts/build")).toEqual([]);
    expect(qualifiedSlots("filename", "nginx.conf")).toEqual([]);
    expect(qualifiedSlots("url", "https://example.com/a")).toEqual([]);
  });

  it("qualifies the method slot an HTTP method fills by which method it is", () => {
    expect(qualifiedSlots("method", "delete")).toEqual(["http-method@delete"]);
    expect(qualifiedSlots("method", "PATCH")).toEqual(["http-method@patch"]);
  });
});

describe("shapeOf", () => {
  it("makes codes of one form alike, and says nothing of a bare word or number", () => {
    expect(shapeOf("ice-gl-zy001")).toBe(shapeOf("zy001"));
    expect(shapeOf("v1.4.0")).toBe("9.9.9");
    expect(shapeOf("hldp://zhuyuan/module/l4-tool-003")).toBe("a://a/a/a9a9");
    expect(shapeOf("nginx")).toBeUndefined();
    expect(shapeOf("42")).toBeUndefined();
  });

  it("fills a file's slot with a path that ends in a file name, a folder's with one that does not", () => {
    expect(valueSlots("path", "/etc/nginx/nginx.conf")).toEqual(["path", "file"]);
    expect(valueSlots("path", "/srv/app")).toEqual(["path", "directory"]);
    expect(valueSlots("path", "/etc/nginx/conf.d/")).toEqual(["path", "directory"]);
    // a hidden name may be a file (.bashrc) or a folder (.ssh): both
    expect(valueSlots("path", "/root/.bashrc")).toEqual(["path", "file", "directory"]);
    expect(valueSlots("path", "/home/zy/.ssh")).toEqual(["path", "file", "directory"]);
    // under /etc and /var/log a name without an extension is a file as often as a folder: both; a trailing slash says folder
    expect(valueSlots("path", "/etc/hosts")).toEqual(["path", "file", "directory"]);
    expect(valueSlots("path", "/etc/default/gatekeeper")).toEqual(["path", "file", "directory"]);
    expect(valueSlots("path", "/var/log/syslog")).toEqual(["path", "file", "directory"]);
    expect(valueSlots("path", "/etc/nginx/")).toEqual(["path", "directory"]);
    expect(valueSlots("version", "v1.2.0")).toEqual(["version", "tag", "release"]);
  });

  it("takes a time of day for a time, not for a host's port", () => {
    const kinds = (text: string) => findValues(text).map((v) => `${text.slice(v.start, v.end)}:${v.kind}`);
    expect(kinds("周六 02:00 维护窗口")).toEqual(["周六:date", "02:00:date"]);
    expect(kinds("连不上 10.0.0.1:3128")).toContain("3128:port");
  });

  it("fills a command's slot too with a path to a script, which is run as a command", () => {
    expect(valueSlots("path", "./scripts/migrate.sh")).toEqual(["path", "file", "command"]);
    expect(valueSlots("path", "/opt/tools/backup.py")).toEqual(["path", "file", "command"]);
    // a file of another kind is only a file
    expect(valueSlots("path", "/var/log/app/error.log")).toEqual(["path", "file"]);
  });

  it("takes a command's flag and the plain word after it for an option, which is no intent (crontab -u deploy names a user, not a deploy)", () => {
    expect(values("useradd -G sudo wangfang")).toEqual(["option:-g sudo"]);
    expect(values("crontab -l -u deploy")).toEqual(["option:-l", "option:-u deploy"]);
    expect(values("journalctl --since=2h")).toContain("option:--since=2h");
    // a word with a dash inside is no flag
    expect(values("restart order-api")).not.toContain("option:-api");
  });
});

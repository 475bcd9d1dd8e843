import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { frameOf, requiredOperations, servesOperation } from "./frame.ts";
import { defaultLexicon } from "./lexicon.ts";
import { SpanMask } from "./normalize.ts";

const lexicon = defaultLexicon();
/** How each operation word of a text is read, as `surface:sense:use`. */
const uses = (text: string): string[] => frameOf(analyze(text, lexicon), lexicon).uses.map((u) => `${u.surface}:${u.sense}:${u.use}`);
const required = (text: string): string[] => requiredOperations(frameOf(analyze(text, lexicon), lexicon), lexicon, analyze(text, lexicon).text);

describe("frameOf: an operation asked for, or only spoken of", () => {
  it("takes an operation word for what is asked", () => {
    expect(uses("删掉 v1.0.0 这个 tag")).toContain("删掉:delete:act");
    expect(uses("restart nginx on web-01")).toContain("restart:restart:act");
  });

  it("takes it for a thing after a determiner or classifier, before a word for its record, inside a 把 object, or as a compound noun", () => {
    expect(uses("最近的提交")).toEqual(["提交:commit:noun"]);
    expect(uses("用那份备份还原")).toContain("备份:backup:noun");
    expect(uses("查一下这个月收到的所有通知")).toContain("通知:send:noun");
    expect(uses("看下部署记录")).toContain("部署:deploy:noun");
    expect(uses("把备份目录里的旧包删了")).toEqual(["备份:backup:noun", "删了:delete:act"]);
    expect(uses("show the last commits")).toContain("commits:commit:noun");
    expect(uses("grab the db dump from the bucket")).toContain("dump:backup:noun");
    // which and what are determiners too: in which commit, what release
    expect(uses("who changed this line, and in which commit?")).toContain("commit:commit:noun");
    // and so are adjectives that say which: the local clone, the remote branch
    expect(uses("check the status of the local clone")).toContain("clone:copy:noun");
    // a noun made of the verb
    expect(uses("roll back the checkout deployment")).toEqual(["roll back:rollback:act", "checkout:switch:noun", "deployment:deploy:noun"]);
    expect(uses("Deployment滚动重启")).toContain("deployment:deploy:noun");
    // right after an operation asked for, a change is its object
    expect(uses("解压归档")).toEqual(["解压:extract:act", "归档:compress:noun"]);
    expect(uses("把修复分支向主分支发起合入申请")).toEqual(["修复:update:noun", "发起:create:act", "合入:merge:noun"]);
    expect(uses("本地那几个提交推到远端去")).toEqual(["提交:commit:noun", "推到远端:push:act"]);
  });

  it("takes an English operation word before a word for its record for a qualifier of that record, unless it stands where a verb does", () => {
    // 看下 commit log asks to view a log of commits; kubectl rollout status asks for a rollout's status
    expect(uses("main branch 看下 commit log")).toContain("commit:commit:noun");
    expect(required("main branch 看下 commit log")).toEqual(["view"]);
    expect(uses("develop 分支 commit history 看一下")).toContain("commit:commit:noun");
    expect(uses("kubectl rollout status deploy/web")).toContain("rollout:deploy:noun");
    // first in its clause, or after please / to, a general operation is the verb and the record its object
    expect(uses("check status of nginx")).toContain("check:check:act");
    expect(uses("please clear history of the cache")).toContain("clear:clear:act");
    // a change done to one kind of thing (commit, deploy) names whose record wherever it stands: commit history is no request to commit
    expect(uses("commit history of ops/infra")).toContain("commit:commit:noun");
  });

  it("takes an operation word before 是 / 叫 for the thing named or asked about", () => {
    expect(uses("label 是 bug 的 issues 列一下")).toContain("label:mark:noun");
    expect(uses("上次备份是哪天的")).toContain("备份:backup:noun");
    // a tag question leaves it asked for
    expect(uses("先备份是吧")).toContain("备份:backup:act");
  });

  it("takes an English operation word after an object word for the verb when a value follows it, its object (docker restart mq-consumer)", () => {
    const text = "docker restart mq-consumer";
    const at = text.indexOf("mq-consumer");
    const mask = new SpanMask(text.length, [[at, at + "mq-consumer".length]]);
    expect(frameOf(analyze(text, lexicon), lexicon, mask).uses.map((u) => `${u.surface}:${u.sense}:${u.use}`)).toContain("restart:restart:act");
    // without a value after it, it ends a compound noun
    expect(uses("copy the database backup")).toContain("backup:backup:noun");
  });

  it("takes an English word that names a thing too (tag, release), right after a verb asked for, for that verb's object", () => {
    expect(uses("diff tag v1.0 v2.0")).toEqual(["diff:compare:act", "tag:mark:noun"]);
    expect(required("delete release v3")).toEqual(["delete"]);
    expect(required("push tag v1.4 to origin")).not.toContain("mark");
    // a general change after another verb is still a verb of its own (kubectl rollout restart)
    expect(uses("rollout restart web")).toContain("restart:restart:act");
  });

  it("takes the operation word of a command line that run carries out for asked (run certbot renew), no preposition between", () => {
    expect(uses("run certbot renew for api.example.com")).toEqual(["run:run:act", "renew:renew:act"]);
    expect(uses("run it for the renewal")).not.toContain("renewal:renew:act");
  });

  it("reads colloquial verbs by their sense: getting a thing sorted (搞定, 挂个, take care of) is a light verb, 解到 unpacks, typing a command (敲一条命令) runs it, noting a thing down (记一个) makes it", () => {
    expect(required("证书过期了，帮我搞定一下")).toEqual(["do"]);
    expect(required("在 Forgejo 上挂个待办")).toEqual(["do"]);
    expect(required("please take care of the expired certs")).toEqual(["do"]);
    expect(required("把包解到 /opt/app")).toEqual(["extract"]);
    expect(required("帮我敲一条命令看看内核版本")).toContain("run");
    // noting a thing down (记一个, 记一条) makes it, and noting it into something (记到) writes there
    expect(required("在看板上记一个待办")).toEqual(["create"]);
    expect(required("把这个坑记到知识库里")).toEqual(["write"]);
    // unpacking into a place (释放到), holding an alert down (压一压, 摁掉), and shell commands by what they do (lastlog lists logins, mkdir makes a folder)
    expect(required("把安装包释放到 /opt/tool")).toEqual(["extract"]);
    expect(required("磁盘告警先摁掉")).toEqual(["silence"]);
    expect(frameOf(analyze("lastlog -u deploy", lexicon), lexicon).objects).toContain("user");
    expect(required("mkdir /srv/www")).toEqual(["create"]);
    // a browser is no viewing: 浏览器 holds 浏览 without its sense
    expect(uses("浏览器提示证书不安全")).toEqual([]);
  });

  it("takes the -ed form after get and its object for what is to be done, and get for no reading (get it renewed)", () => {
    expect(required("the cert expires soon, get it renewed")).toEqual(["renew"]);
    expect(required("get the staging certs renewed before Friday")).toEqual(["renew"]);
    // get with a plain object still reads it
    expect(required("get the logs from web-01")).toEqual(["read"]);
  });

  it("takes an operation word for a thing after 用 / 拿 (the means) and after an English preposition other than to", () => {
    expect(uses("版本就用提交 9e8d7c6 那个")).toContain("提交:commit:noun");
    expect(uses("拿备份还原一下")).toContain("备份:backup:noun");
    // a word that ends in 用 is no means: 不用 negates, 使用 is to use
    expect(uses("不用备份了")).toContain("备份:backup:negated");
    expect(uses("open the config file at tag v2.1")).toContain("tag:mark:noun");
    expect(uses("logs of the lint job in run 42")).toContain("run:run:noun");
    // after to it is still the verb
    expect(uses("I want to restart nginx")).toContain("restart:restart:act");
  });

  it("takes not wanting to (不想, 不打算, 不愿意) for not wanted", () => {
    expect(uses("我不想 clone 整个仓库，只看一个文件")).toContain("clone:copy:negated");
    expect(uses("暂时不打算重启")).toContain("重启:restart:negated");
  });

  it("takes 不是 X (a contrast: not X, but …) for X not wanted, and 是不是 X for a question", () => {
    expect(uses("整个删掉，不是清空，是删除")).toContain("清空:clear:negated");
    expect(uses("整个删掉，不是清空，是删除")).toContain("删除:delete:act");
    expect(uses("看下 nginx 是不是重启了")).toContain("重启:restart:described");
  });

  it("takes an operation word for the object of the verb right after it that carries a result (备份删掉: the backups, deleted)", () => {
    expect(uses("那两个过期备份删掉")).toEqual(["备份:backup:noun", "删掉:delete:act"]);
    expect(uses("旧日志备份清掉")).toEqual(["备份:backup:noun", "清掉:delete:act", "清掉:clear:act"]);
    // a direction said after the verb (灌回 + 去) carries its result as one inside it does (推上去)
    expect(uses("备份灌回去，覆盖现在的数据")).toEqual(["备份:backup:noun", "灌回:restore:act", "覆盖:write:described"]);
    // without a result the first is the verb and the second its object, as before
    expect(uses("删除备份")).toEqual(["删除:delete:act", "备份:backup:noun"]);
  });

  it("finds no operation in a word that only holds its character (结算, 推荐, 算法, 库存, 预算)", () => {
    for (const text of ["新结算页", "推荐算法", "库存为零", "预算超了"]) expect(uses(text)).toEqual([]);
  });

  it("takes a word that carries its result (删掉, delete 掉) for the verb, whatever counts or points before it", () => {
    expect(uses("那条删掉")).toEqual(["删掉:delete:act"]);
    expect(uses("规则里 22 端口那条 delete 掉")).toEqual(["delete:delete:act"]);
    // without a result, a classifier before it still makes a thing of it
    expect(uses("那份备份")).toEqual(["备份:backup:noun"]);
  });

  it("takes an operation word that names a thing's instance (a pipeline's run) for that instance when a number says which", () => {
    expect(uses("run 1234 的日志")).toContain("run:run:noun");
    expect(uses("what failed in run id 88?")).toContain("run:run:noun");
    expect(uses("fetch the lint output of run #52")).toContain("run:run:noun");
    // a count says how many, not which: it is followed by what it counts
    expect(uses("run 3 jobs in parallel")).toContain("run:run:act");
    expect(uses("跑 2 次")).toContain("跑:run:act");
    // a number after an operation no object has as its thing is only a value
    expect(uses("restart 8080")).toContain("restart:restart:act");
  });

  it("takes an operation word joined by and / 和 to an object word after it for a thing beside that thing", () => {
    expect(uses("比一下 release 和 main 两个分支")).toContain("release:publish:noun");
    expect(uses("pack the backup and config files")).toContain("backup:backup:noun");
    // two operations joined are both asked for
    expect(uses("backup and restore the database")).toEqual(["backup:backup:act", "restore:restore:act"]);
  });

  it("takes an English word that names a thing too, its value and 的 after it, for whose (release v1.0 的附件), and one before a value alone for the verb", () => {
    const read = (text: string, value: string) => {
      const at = text.indexOf(value);
      return frameOf(analyze(text, lexicon), lexicon, new SpanMask(text.length, [[at, at + value.length]])).uses.map((u) => `${u.surface}:${u.sense}:${u.use}`);
    };
    expect(read("release v1.0 的附件换成新包", "v1.0")).toContain("release:publish:noun");
    expect(read("tag v1.2 的那次提交是谁做的", "v1.2")).toContain("tag:mark:noun");
    expect(read("tag v1.2 on main", "v1.2")).toContain("tag:mark:act");
  });

  it("reads the words around a value as if its own punctuation (v2.0.0) broke no clause", () => {
    const text = "delete the v2.0.0 release page";
    const value = text.indexOf("v2.0.0");
    const exclude = new SpanMask(text.length, [[value, value + "v2.0.0".length]]);
    const read = frameOf(analyze(text, lexicon), lexicon, exclude).uses.map((u) => `${u.surface}:${u.sense}:${u.use}`);
    expect(read).toContain("delete:delete:act");
    expect(read).toContain("release:publish:noun");
  });

  it("ends an English compound noun where a relative clause begins (the pipeline run that is stuck)", () => {
    expect(uses("cancel the pipeline run that is stuck")).toEqual(["cancel:cancel:act", "run:run:noun"]);
    // other words after it leave it read as before
    expect(uses("cancel the pipeline run now")).toContain("run:run:act");
  });

  it("reads a verb of giving with its receiver before 的 as describing the noun (发给运维的那条消息), not inside a 把 clause", () => {
    expect(uses("撤回昨天发给运维的那条消息")).toEqual(["撤回:rollback:act", "发给:send:described"]);
    expect(uses("把这条消息发给值班的同事")).toEqual(["发给:send:act"]);
  });

  it("gives no object to a reading asked for as a noun (内容): the change after it is still the verb", () => {
    expect(uses("把那条记忆的内容改一下")).toContain("改一下:update:act");
  });

  it("takes a word with a complement (导出来) for the verb of its 把 clause, though another verb follows", () => {
    expect(uses("把 orders 库导出来存一份")).toContain("导出:backup:act");
  });

  it("takes a Latin word right after 把 for the 把 object, whatever it names elsewhere (把 checkout 加到 10 个)", () => {
    expect(uses("把 checkout 加到 10 个副本")).toContain("checkout:switch:noun");
  });

  it("takes a reading before a noun it qualifies for that noun's kind, not for a reading asked for (读权限, SELECT 权限)", () => {
    expect(uses("给它把读权限开一下")).toContain("读:read:noun");
    expect(uses("给账号开 analytics 库的 SELECT 权限")).toContain("select:query:noun");
    // a reading that is the noun itself is still asked for
    expect(uses("给我一个列表")).toContain("列表:list:act");
  });

  it("takes it for a description before 的, after 被, 在 or with 了 / 过 / 完 / 得, or in a -ed / -ing form", () => {
    expect(uses("正在执行的任务")).toContain("执行:run:described");
    expect(uses("跑了两小时的查询")).toContain("跑:run:described");
    expect(uses("分给我的问题")).toContain("分给:assign:described");
    expect(uses("数据被误删了")).toContain("删了:delete:described");
    expect(uses("已装软件查询")).toContain("装:install:described");
    expect(uses("提交完了")).toContain("提交:commit:described");
    expect(uses("重启过几次")).toContain("重启:restart:described");
    // how far it has got is asked about (部署到哪一步了, 迁移走到哪了): it is under way, not asked for
    expect(uses("这次部署走到哪一步了")).toContain("部署:deploy:described");
    expect(uses("数据迁移到哪了")).toContain("迁移:move:described");
    // one said to be of no use was tried already: 重启不管用 asks for something else
    expect(uses("重启不管用，换个办法")).toContain("重启:restart:described");
    expect(uses("报表跑得巨慢")).toContain("跑:run:described");
    expect(uses("哪些 pod 在反复重启")).toContain("重启:restart:described");
    expect(uses("verify the iso we just downloaded")).toContain("downloaded:download:described");
    // with a modal before it (可以, 能, 该), 了 says it is time to, not that it is done
    expect(uses("测试都过了，可以部署了")).toContain("部署:deploy:act");
    expect(uses("数据都对上了，能迁移了吧")).toContain("迁移:move:act");
    expect(uses("昨天已经部署了")).toContain("部署:deploy:described");
  });

  it("takes it for a time clause, a purpose or a topic", () => {
    expect(uses("上线前先备份")).toContain("上线:deploy:described");
    expect(uses("改表结构之前先导一份")).toContain("改:update:described");
    expect(uses("打成一个包好迁移")).toContain("迁移:move:described");
    expect(uses("找找跟压缩有关的模块")).toContain("压缩:compress:described");
    expect(uses("tarball the logs before we migrate the box")).toContain("migrate:move:described");
    // what is to be spared is no request: 省得再算一遍 saves computing again
    expect(uses("结果先存缓存里，省得下回再算一遍")).toContain("算:compute:described");
    expect(uses("先备份，免得回头改坏了")).toContain("备份:backup:act");
    // and so is what a warning says could happen (别回头…, 以防…, 不然…, 否则…): the step before it is asked for
    expect(uses("先把表导一份，别回头删错了没法恢复")).toContain("删:delete:described");
    expect(uses("配置先备份一下，不然改坏了")).toContain("改:update:described");
    // back to an earlier one (到之前的, 到以前的): 之前的 says which, not when
    expect(uses("数据库回滚到之前的快照")).toContain("回滚:rollback:act");
    expect(uses("把配置还原到以前的那一份")).toContain("还原到:rollback:act");
    // and so does a date before 的, the 到 after the word or inside it: yesterday's, last Friday's
    expect(uses("db 回档到昨天的 backup")).toContain("回档:rollback:act");
    expect(uses("还原到上周五的快照")).toContain("还原到:rollback:act");
    expect(uses("迁移到新库之前先备份")).toContain("迁移:move:described");
  });

  it("takes dropping or dialing a count down for scaling, its object between (drop the api deployment down to 2 replicas)", () => {
    expect(required("drop the api deployment down to 2 replicas")).toEqual(["scale"]);
    expect(required("drop the old index")).toEqual(["delete"]);
  });

  it("takes writing or drawing something up for making it (write it up as a release), not for writing into something", () => {
    expect(required("write it up as a release note")).toContain("create");
    expect(required("write it up as a release note")).not.toContain("write");
    expect(required("draw up a new runbook")).toEqual(["create"]);
  });

  it("takes 拉出来 (pull up) for a request to see", () => {
    expect(required("派给我的 issue 都拉出来")).toEqual(["view"]);
  });

  it("takes 开放 and 放量 (to a share of users) for switching something on, as well as letting traffic through", () => {
    expect(required("新搜索页先对两成用户开放")).toContain("toggle");
    expect(required("新搜索页放量到 30%")).toContain("toggle");
    expect(required("防火墙开放 443")).toContain("allow");
    // 放一下 lets through or puts: the object says which, a tool doing either serves
    expect(required("防火墙上把 8443 放一下")).toContain("allow");
    expect(required("这个包放一下 /srv/in")).toContain("write");
  });

  it("takes a change done to one kind of thing before a word for a plan, rule or event of it for whose (备份策略, 部署事故): a thing spoken of", () => {
    expect(uses("找找讨论过备份策略的记忆")).toContain("备份:backup:noun");
    expect(uses("上次的部署事故复盘一下")).toContain("部署:deploy:noun");
    expect(uses("看下 backup 策略")).toContain("backup:backup:noun");
    // a general change before the same word is still its verb: 修改策略 asks to change the policy
    expect(uses("修改策略")).toContain("修改:update:act");
  });

  it("reads a program's flag or mode that says what it does as that operation (thesaurus: usermod -L, tar x…, kubectl get)", () => {
    expect(required("usermod -L alice")).toContain("lock");
    expect(required("passwd -u alice")).toContain("unlock");
    expect(required("tar -xzf site.tgz -C /srv")).toEqual(["extract"]);
    expect(required("tar cvf logs.tar /var/log/app")).toEqual(["compress"]);
    expect(required("kubectl get deployments -n prod")).toEqual(["list"]);
  });

  it("takes an operation word right before a verb with a direction or destination that ends its clause for that verb's object (本地提交推到远程)", () => {
    expect(uses("本地提交推到远程")).toEqual(["提交:commit:noun", "推到远程:push:act"]);
    expect(uses("把本地提交推上去")).toEqual(["提交:commit:noun", "推上去:push:act"]);
    // alone, it is the verb
    expect(uses("本地提交一下")).toEqual(["提交:commit:act"]);
  });

  it("takes an operation word right before an arrow for a name: what points to a new value or place is named, not asked for", () => {
    expect(uses("checkout -> 5 replicas")).toEqual(["checkout:switch:noun"]);
    expect(uses("backup → /srv/dumps")).toContain("backup:backup:noun");
    // with no arrow after it, it is the verb
    expect(uses("backup the db to /srv/dumps")).toContain("backup:backup:act");
  });

  it("takes an English -s form for no request: a plural names things, a verb with -s says what something does", () => {
    expect(uses("commits are done locally, shove them up to the remote")).toContain("commits:commit:noun");
    expect(uses("the script restarts nginx every night")).toContain("restarts:restart:noun");
    expect(uses("restart nginx")).toContain("restart:restart:act");
  });

  it("takes it for not wanted after 别 / 不要 / don't", () => {
    expect(uses("把改动藏起来别提交")).toContain("提交:commit:negated");
    expect(uses("do a dry run, don't actually renew")).toContain("renew:renew:negated");
    expect(uses("不用 clone，直接看")).toContain("clone:copy:negated");
    // an adverb between the negation and the verb (只, 光, 老, 一直, 随便) leaves it not wanted
    expect(uses("整个读出来，不要只看末尾")).toContain("看:view:negated");
    expect(uses("别老重启了，先查原因")).toContain("重启:restart:negated");
    expect(uses("不要随便删")).toContain("删:delete:negated");
  });

  it("takes 有没有 before what something says about what (有没有讲…的模块, 有没有聊过…的事) for a search of the things that say it", () => {
    expect(uses("人格体库里有没有讲部署规范的模块")).toContain("有没有:search:act");
    expect(uses("记忆里有没有跟冰朔聊过证书的事？")).toContain("有没有:search:act");
    // whether something holds is a check
    expect(uses("有没有 8080 端口被占用的进程")).toContain("有没有:check:act");
    expect(uses("看看有没有报错")).toContain("有没有:check:act");
  });

  it("takes what a thing asked to be made is made for (a pull request, to be merged) for its purpose, not for an operation asked, unless said as a next step", () => {
    expect(uses("帮我开个 PR，dev 合到 master")).toContain("合到:merge:purpose");
    expect(required("帮我开个 PR，dev 合到 master")).not.toContain("merge");
    expect(uses("提个合并请求，把 dev 合到 main")).toContain("合到:merge:purpose");
    expect(uses("open a PR, merging dev into main")).toContain("merging:merge:purpose");
    // asked as a next step, or of a pull request that is there already, it is asked for
    expect(uses("开个 PR 然后直接合了")).toContain("合了:merge:act");
    expect(uses("open a pull request and then merge it")).toContain("merge:merge:act");
    expect(uses("把 PR #12 合到 main")).toEqual(["合到:merge:act"]);
  });

  it("takes noting a problem down after making an issue for what the issue is for (an issue is made to keep a problem on record)", () => {
    expect(uses("建个 ticket 记下来登录页白屏")).toContain("记下来:remember:purpose");
    expect(required("建个 ticket 记下来登录页白屏")).not.toContain("remember");
    // with no issue to be made, noting down is asked for
    expect(uses("把登录页白屏的事记下来")).toContain("记下来:remember:act");
  });
});

describe("requiredOperations", () => {
  it("holds a tool to any step of a request of steps done in turn (再, 然后, then, or clause after clause), the agent doing them one by one", () => {
    expect(required("看一下再把它删掉")).toEqual(["view", "delete"]);
    expect(required("先翻成英文，然后发给客户")).toEqual(expect.arrayContaining(["translate", "send"]));
    expect(required("check the disk and then restart nginx")).toEqual(expect.arrayContaining(["check", "restart"]));
    // one step done again is no second step
    expect(required("再重启一次")).toEqual(["restart"]);
    // steps put side by side, clause after clause, are steps in turn too
    expect(required("这个包下载下来，核对一下 md5")).toEqual(["download", "check"]);
    expect(required("看一下那个 tag，把它删掉")).toEqual(["view", "delete"]);
  });

  it("holds a tool to the change asked for, else to the reading", () => {
    expect(required("看下那个 tag 删掉吧")).toEqual(["delete"]);
    expect(required("列出所有分支")).toEqual(["list"]);
    expect(required("最近的提交")).toEqual([]);
  });

  it("keeps both senses of a word that reads and changes when nothing else says which, and the change when a destination follows it", () => {
    // dump prints, or backs up: the env vars are printed, a database backed up
    expect(required("dump the env vars of the api service")).toEqual(["view", "backup"]);
    expect(required("dump the orders table into a file")).toEqual(["backup"]);
    expect(required("dump the db and upload it")).toEqual(["backup", "upload"]);
  });

  it("takes an operation word after a possessive for a thing, and a word that changes too for what the change makes, not a reading asked for", () => {
    expect(uses("load last night's dump back over the database")).toEqual(["dump:view:noun", "dump:backup:noun"]);
    expect(uses("restore the team's backup")).toContain("backup:backup:noun");
  });

  it("reads a word that both reads and changes (打开) by the other operations asked for", () => {
    expect(required("打开 /etc/app.conf 瞧瞧写了啥")).toEqual(["read", "view"]);
    // alone it may mean either: the object tells the tools apart
    expect(required("打开 home_v2 这个开关")).toEqual(["read", "toggle"]);
    expect(required("打开这个文件，删掉第一行")).toContain("delete");
    // 刷一下 browses a log to look at it, or refreshes a cache
    expect(required("刷一下最新的错误日志，看最后几十行")).not.toContain("refresh");
    expect(required("刷一下缓存")).toContain("refresh");
  });

  it("holds a tool to some change for a light verb asked for (打个, 发个, 加到, apply): its object says which", () => {
    const servedBy = (acts: string[], text: string) => required(text).some((op) => servesOperation(new Set(acts), op, lexicon));
    expect(servedBy(["upgrade"], "打一下最新的安全补丁")).toBe(true);
    expect(servedBy(["create"], "改完了，帮我发个 PR")).toBe(true);
    expect(servedBy(["scale"], "给我加到 5 个副本")).toBe(true);
    expect(servedBy(["upgrade"], "apply security updates only")).toBe(true);
    // make X the owner, make X executable: a change of X, as 搞 and 弄 leave it to the object which
    expect(servedBy(["update"], "make www-data the owner of the uploads folder")).toBe(true);
    expect(servedBy(["create"], "make a new branch")).toBe(true);
    // a tool that only reads does not change anything
    expect(servedBy(["list", "view"], "给 order-svc 加个环境变量")).toBe(false);
    // the word's other senses stay alternatives: 打一下 a URL calls it
    expect(servedBy(["call"], "打一下 http://10.0.2.15:8080/health")).toBe(true);
    // beside no light verb, the operations asked for hold as before
    expect(required("删掉这个 PR")).toEqual(["delete"]);
  });

  it("takes an English -ed form right before the thing it describes for describing it, wherever it stands", () => {
    expect(uses("installed packages list")).toContain("installed:install:described");
    expect(uses("list the failed jobs")).not.toContain("failed:fail:act");
    // an -ed form with no thing after it, at the start, is still the verb asked for
    expect(required("install curl")).toContain("install");
  });

  it("takes the last word of a 把 clause for its verb, though a 的 comes before it", () => {
    expect(uses("先把 vim curl 这些常用的装上")).toContain("装上:install:act");
    expect(uses("把昨天的删掉")).toContain("删掉:delete:act");
    // elsewhere a 的 before makes a noun, and inside the 把 object too
    expect(uses("最近的提交")).toEqual(["提交:commit:noun"]);
    expect(uses("把那个目录的备份删掉")).toContain("备份:backup:noun");
  });

  it("takes an operation word for the thing in a state when the state follows it, and one followed by 在哪 for where it is done", () => {
    expect(uses("构建又挂了，看看到底哪一步报的错")).toContain("构建:run:noun");
    expect(uses("部署失败了")).toContain("部署:deploy:noun");
    expect(uses("那些 pod 跑在哪些 node 上")).toContain("跑:run:described");
    // no state after it: asked for
    expect(uses("构建一下 web 项目")).toContain("构建:run:act");
  });

  it("takes English do a / carry out for a light verb: not a question, and the operation it names is what is asked", () => {
    const servedBy = (acts: string[], text: string) => required(text).some((op) => servesOperation(new Set(acts), op, lexicon));
    // a dry run is a way of doing something (an aspect), not a request to run; do a … asks for the change of its object
    expect(required("do a certbot dry run for api.example.com")).not.toContain("view");
    expect(servedBy(["renew"], "Do a dry run of the certificate renewal")).toBe(true);
    // its object an operation, with a modifier between: that operation
    expect(required("do a rollout restart of the web deployment")).toEqual(["restart"]);
    expect(required("carry out a quick backup of the orders db")).toEqual(["backup"]);
  });

  it("takes a light verb, or a verb that makes its object its result (压成), whose object is an operation (来个总结, 压成要点) for a request for that operation", () => {
    expect(required("给这份周报来个总结")).toEqual(["summarize"]);
    expect(required("做个全文检索")).toEqual(["search"]);
    // so does a verb that makes its object its result: 压成要点 summarises; 打成包 still packs
    expect(required("这份文档压成一段摘要")).toEqual(["summarize"]);
    expect(required("把这个目录打成包")).toContain("compress");
    // an operation further on is another step: the light verb keeps its object (发个 PR)
    expect(required("帮我发个 PR 然后部署")).toContain("do");
  });
});

describe("frameOf: what a search looks for", () => {
  it("takes an operation word after a search verb with the place searched named before it for what is looked for, not asked for", () => {
    expect(uses("memory search nginx reload failed")).toContain("reload:reload:sought");
    expect(required("memory search nginx reload failed")).toEqual(["search"]);
    expect(uses("日志里搜一下 nginx reload failed")).toContain("reload:reload:sought");
    // a verb that ends the clause is asked for (找到 … 杀掉), as is a next step, or a search with no place before it
    expect(required("在 /proc 里找到占用 8080 的进程杀掉")).toContain("kill");
    expect(required("日志里搜一下 error，然后重启服务")).toContain("restart");
    expect(uses("search and delete old logs")).toContain("delete:delete:act");
    // in a 把 clause the verb comes last: a search word before it is in the object
    expect(required("把 search 服务扩到 10 个副本")).toContain("scale");
    // a search word with a Han character right after it may begin a noun (搜索页: the search page)
    expect(required("新搜索页放量到 30%")).toContain("toggle");
  });
});

describe("frameOf: tail", () => {
  it("reads tail as reading a thing's content (its end): a tool that traces where each line came from does not serve it", () => {
    expect(required("tail the last 100 lines of /var/log/app.log")).toEqual(["read"]);
    expect(servesOperation(new Set(["trace"]), "read", lexicon)).toBe(false);
  });
});

describe("frameOf: objects", () => {
  it("takes no object from a reading that qualifies a noun (扫描结果): the noun is what is spoken of", () => {
    expect([...frameOf(analyze("把扫描结果存起来", lexicon), lexicon).objects]).not.toContain("search");
    // a change before its record is one, as before (部署记录: deployments)
    expect([...frameOf(analyze("看下部署记录", lexicon), lexicon).objects]).toContain("deploy");
  });

  it("takes no thing from an English verb a determiner follows: its object is what the determiner opens", () => {
    const objects = (text: string) => [...frameOf(analyze(text, lexicon), lexicon).objects];
    expect(objects("change the owner of the repo")).not.toContain("change");
    expect(objects("change the owner of the repo")).toContain("repository");
    expect(objects("request a token from the vault")).not.toContain("http");
    // without a determiner after it, the word may name the thing it is done with (ping hostname gw-01: a network probe)
    expect(objects("ping hostname gw-01")).toContain("network");
    // as a thing, after a determiner, it is named as before
    expect(objects("revert the change")).toContain("change");
  });
});

describe("servesOperation", () => {
  it("serves the same operation, one the thesaurus says it serves, or for a general reading any reading", () => {
    expect(servesOperation(new Set(["delete"]), "delete", lexicon)).toBe(true);
    expect(servesOperation(new Set(["write"]), "create", lexicon)).toBe(true);
    expect(servesOperation(new Set(["kill"]), "stop", lexicon)).toBe(true);
    expect(servesOperation(new Set(["list"]), "view", lexicon)).toBe(true);
    expect(servesOperation(new Set(["create"]), "delete", lexicon)).toBe(false);
    expect(servesOperation(new Set(["view"]), "summarize", lexicon)).toBe(false);
  });

  it("serves no listing with a particular reading: computing a checksum or tracing a line enumerates nothing, though it shows something", () => {
    expect(servesOperation(new Set(["compute"]), "list", lexicon)).toBe(false);
    expect(servesOperation(new Set(["trace"]), "list", lexicon)).toBe(false);
    expect(servesOperation(new Set(["compute"]), "view", lexicon)).toBe(true);
    // a general reading still serves it
    expect(servesOperation(new Set(["search"]), "list", lexicon)).toBe(true);
  });

  it("serves no search, listing or count with reading one thing's content: getting one value finds no things that match", () => {
    expect(servesOperation(new Set(["read"]), "search", lexicon)).toBe(false);
    expect(servesOperation(new Set(["read"]), "list", lexicon)).toBe(false);
    expect(servesOperation(new Set(["search"]), "search", lexicon)).toBe(true);
    // a search still serves a request to read, and reading a request to check
    expect(servesOperation(new Set(["search"]), "read", lexicon)).toBe(true);
    expect(servesOperation(new Set(["read"]), "check", lexicon)).toBe(true);
  });
});

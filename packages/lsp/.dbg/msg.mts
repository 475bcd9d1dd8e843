import { parse, lint } from "@hdlp/parser";
import { SEED_EXAMPLE } from "/work/main/packages/lsp/test/fixtures.ts";
const t = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: git-forgejo").replace("method: exec", "method: repo.gett");
console.log(lint(parse(t)).map((d) => `${d.rule}: ${d.message} fix=${d.fix?.title}`));

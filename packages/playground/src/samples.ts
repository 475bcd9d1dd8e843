/** What the Example menu offers besides examples/tools: a tool with the mistakes authors make, to see the diagnostics and fixes. */
export const BROKEN_SAMPLE = `name: deploy
display: 部署服务
intent: 把服务部署到测试环境
method: exec
executor: Shell
params_schema:
  service: { type: strng, required: true, description: "服务名" }
constraints:
  timeout_ms: 30000
  require_confirm: yes
created: 2026-02-30
why: 发布前需要在测试环境验证。
`;

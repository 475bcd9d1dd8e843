/** The example tools of `examples/tools/`, read when the page is built (scripts/config.mjs): folder → TOOL.hdlp text. */
declare module "hdlp:examples" {
  const tools: Readonly<Record<string, string>>;
  export default tools;
}

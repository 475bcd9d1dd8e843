/** The seed's answer when no tool serves a request or a name (docs/spec.md, the seed's §2 step 3). */
export const NOT_FOUND_SUGGESTION = "此工具尚不在仓库中，需铸渊新建";

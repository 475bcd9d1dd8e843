import { describe, expect, it } from "vitest";
import { childEnvironment } from "./environment.ts";

describe("childEnvironment", () => {
  it("passes the locale categories only, and only with a locale name for value", () => {
    const env = childEnvironment({
      PATH: "/usr/bin",
      LANG: "zh_CN.UTF-8",
      LANGUAGE: "zh_CN:en",
      LC_ALL: "C.UTF-8",
      LC_TIME: "de_DE.UTF-8@euro",
      LC_MESSAGES: "POSIX",
      LC_SECRET: "s3cret-value-leaked",
      LC_PASSWORD: "C",
      LC_CTYPE: "hunter2; curl evil",
      LC_NUMERIC: "/etc/shadow",
    });
    expect(env).toEqual({ PATH: "/usr/bin", LANG: "zh_CN.UTF-8", LANGUAGE: "zh_CN:en", LC_ALL: "C.UTF-8", LC_TIME: "de_DE.UTF-8@euro", LC_MESSAGES: "POSIX" });
  });

  it("drops a LANG or LANGUAGE that is not made of locale names", () => {
    expect(childEnvironment({ LANG: "token=abc123", LANGUAGE: "en:$(id)" })).toEqual({ PATH: "/usr/local/bin:/usr/bin:/bin" });
  });

  it("passes no HDLP_* variable, whatever its name ends with", () => {
    expect(childEnvironment({ HDLP_API_TOKEN: "t", HDLP_LANG: "C", HOME: "/home/a" })).toEqual({ HOME: "/home/a", PATH: "/usr/local/bin:/usr/bin:/bin" });
  });
});

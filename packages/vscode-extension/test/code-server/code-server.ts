/**
 * A fresh code-server: its own user data, extensions and configuration in a
 * temp folder, no authentication, on 127.0.0.1 at a port the system picks.
 * The user settings keep the workbench to what the test looks at (no welcome
 * page, no chat, no trust prompt) and away from the network.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const SETTINGS = {
  "workbench.startupEditor": "none",
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "chat.disableAIFeatures": true,
  "security.workspace.trust.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "editor.minimap.enabled": false,
  // The test asks for completion itself (Ctrl+Space); a list popping up as it types would race its keys.
  "editor.quickSuggestions": { other: false, comments: false, strings: false },
  "editor.suggestOnTriggerCharacters": false,
};

const LISTENING = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//;

export class CodeServer {
  private constructor(
    readonly url: string,
    readonly extensionsDir: string,
    private readonly home: string,
    private readonly process: ChildProcess,
    private readonly exited: Promise<void>,
  ) {}

  /** Installs `vsix` into a fresh code-server and starts it; `installed` is what `--install-extension` printed. */
  static async start(options: { node: string; entry: string; vsix: string }): Promise<{ server: CodeServer; installed: string }> {
    const home = await mkdtemp(join(tmpdir(), "hdlp-code-server-"));
    const dirs = { userData: join(home, "user-data"), extensions: join(home, "extensions"), xdg: join(home, "xdg") };
    await mkdir(join(dirs.userData, "User"), { recursive: true });
    await writeFile(join(dirs.userData, "User/settings.json"), JSON.stringify(SETTINGS, null, 2));
    await writeFile(join(home, "config.yaml"), "auth: none\n");
    const common = [options.entry, "--config", join(home, "config.yaml"), "--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions];
    // Its own XDG folders, so nothing is written to the user's.
    const env = { ...process.env, XDG_CONFIG_HOME: join(dirs.xdg, "config"), XDG_DATA_HOME: join(dirs.xdg, "data"), XDG_CACHE_HOME: join(dirs.xdg, "cache") };
    try {
      const { stdout, stderr } = await promisify(execFile)(options.node, [...common, "--install-extension", options.vsix], { env, timeout: 120_000 });
      const child = spawn(
        options.node,
        [...common, "--auth", "none", "--bind-addr", "127.0.0.1:0", "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust"],
        {
          env,
          // Its own process group: stop() ends code-server and everything it started (extension host, language server).
          detached: true,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      const url = await listeningUrl(child);
      return { server: new CodeServer(url, dirs.extensions, home, child, exited), installed: stdout + stderr };
    } catch (error) {
      await rm(home, { recursive: true, force: true });
      throw error;
    }
  }

  /** The URL that opens `folder` as the workspace. */
  workspaceUrl(folder: string): string {
    return `${this.url}/?folder=${encodeURIComponent(folder)}`;
  }

  async stop(): Promise<void> {
    const group = -this.process.pid!;
    signal(group, "SIGTERM");
    const timer = setTimeout(() => signal(group, "SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
    // Whatever of the group outlived code-server (an extension host, a language server) goes too.
    signal(group, "SIGKILL");
    await rm(this.home, { recursive: true, force: true });
  }
}

function signal(group: number, name: NodeJS.Signals): void {
  try {
    process.kill(group, name);
  } catch (error) {
    // The group is gone already: nothing left to stop.
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

/** Reads code-server's log until it says where it listens; fails with the log if it exits first. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = "";
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const match = LISTENING.exec(log);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code, signalName) => reject(new Error(`code-server exited (${signalName ?? code}) before listening:\n${log}`)));
  });
}

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { requireBwrap } from "../../../test/support/bwrap.js";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import {
  kernInstallsIn,
  openSandbox,
  resolveSandboxPaths,
  type SandboxConfig,
} from "./sandbox-setup.js";

const temp: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const dir of temp.splice(0)) dir.cleanup();
});

function config(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  const dir = makeTempDir("kern-sandbox-setup-");
  temp.push(dir);
  mkdirSync(join(dir.path, "agent", ".kern"), { recursive: true });
  return {
    sandbox: "auto",
    sandboxNetwork: true,
    sandboxPaths: {},
    agentDir: join(dir.path, "agent"),
    home: join(dir.path, "home"),
    secrets: {
      named: [{ name: "KERN_API_KEY", value: "sk-0123456789" }],
      apiKey: null,
      authToken: null,
      telegramToken: null,
      mcpServers: {},
      lookup: () => null,
    },
    ...overrides,
  };
}

describe("resolveSandboxPaths", () => {
  it("puts ~ in the home and a relative path in the agent folder", () => {
    expect(
      resolveSandboxPaths({ "~/.npm": "rw", "~": "ro", data: "ro", "/opt/x": "ro" }, "/a", "/h"),
    ).toEqual([
      { path: "/h/.npm", mode: "rw" },
      { path: "/h", mode: "ro" },
      { path: "/a/data", mode: "ro" },
      { path: "/opt/x", mode: "ro" },
    ]);
  });
});

describe("kernInstallsIn", () => {
  it("shows the Node and the kern that run the daemon when they live in the home, nothing else", () => {
    expect(
      kernInstallsIn(
        "/home/ada",
        "/home/ada/.nvm/versions/node/v20.20.2/bin/node",
        "/home/ada/src/kern",
      ),
    ).toEqual([
      { path: "/home/ada/.nvm/versions/node/v20.20.2", mode: "ro" },
      { path: "/home/ada/src/kern", mode: "ro" },
    ]);
    expect(kernInstallsIn("/home/ada", "/usr/bin/node", "/usr/lib/node_modules/kern")).toEqual([]);
    expect(kernInstallsIn("/", "/usr/bin/node", "/opt/kern")).toEqual([]);
  });
});

describe("openSandbox", () => {
  beforeAll(() => requireBwrap());

  it("uses bubblewrap where it runs ('auto' and 'bwrap') and hides kern's secret variables", () => {
    for (const sandbox of ["auto", "bwrap"] as const) {
      const opened = openSandbox(config({ sandbox, sandboxNetwork: false }));
      expect(opened.bwrap?.policy).toMatchObject({ network: false, proc: true });
      expect(opened.warning).toBeNull();
      expect([...opened.hiddenVariables]).toEqual(["KERN_API_KEY"]);
    }
  });

  it("without bubblewrap: 'auto' goes on unconfined with a warning, 'bwrap' refuses to start", () => {
    const missing = { program: "/nonexistent/kern-test-bwrap" };
    const auto = openSandbox(config({ sandbox: "auto" }), missing);
    expect(auto.bwrap).toBeNull();
    expect(auto.warning).toMatch(/not installed.*apt-get install bubblewrap/);
    let refused: unknown;
    try {
      openSandbox(config({ sandbox: "bwrap" }), missing);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: "KERN_SANDBOX_UNAVAILABLE" });
    expect(String(refused)).toContain("apt-get install bubblewrap");
  });

  it("runs nothing in bubblewrap when 'off', and says nothing either", () => {
    const opened = openSandbox(config({ sandbox: "off" }));
    expect(opened.bwrap).toBeNull();
    expect(opened.warning).toBeNull();
  });
});

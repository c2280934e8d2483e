// The launchd agent of one agent folder (macOS), as text, and the folder read back from one.
// Pure. KeepAlive restarts the daemon only when it exits unsuccessfully (a crash, a kill -9,
// `/restart`), so `kern stop` (SIGTERM, exit 0) stays stopped. Secrets stay in `.kern/.env`.
// No malloc tuning (malloc-tuning.ts): macOS's allocator does not read glibc's variable.
import { join } from "node:path";
import {
  assertRepresentable,
  launchdLabel,
  SERVICE_ENV,
  type ServiceSpec,
} from "./service-spec.js";

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const string = (value: string) => `<string>${escapeXml(value)}</string>`;

/** The plist `kern service install` writes for `spec` (launchd.plist(5)). */
export function renderLaunchdPlist(spec: ServiceSpec): string {
  const argv = [...spec.command, "run", spec.agentDir];
  assertRepresentable([...argv, spec.agentName, spec.path]);
  const label = launchdLabel(spec.name);
  const out = join(spec.agentDir, ".kern", "daemon.out");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    `<!-- Written by 'kern service install' for ${escapeXml(spec.agentDir).replace(/--/g, "- -")}. -->`,
    '<plist version="1.0">',
    "<dict>",
    `  <key>Label</key>${string(label)}`,
    "  <key>ProgramArguments</key>",
    "  <array>",
    ...argv.map((word) => `    ${string(word)}`),
    "  </array>",
    `  <key>WorkingDirectory</key>${string(spec.agentDir)}`,
    "  <key>EnvironmentVariables</key>",
    "  <dict>",
    `    <key>PATH</key>${string(spec.path)}`,
    `    <key>${SERVICE_ENV}</key>${string(label)}`,
    "  </dict>",
    "  <key>RunAtLoad</key><true/>",
    "  <key>KeepAlive</key>",
    "  <dict>",
    "    <key>SuccessfulExit</key><false/>",
    "  </dict>",
    "  <key>ThrottleInterval</key><integer>5</integer>",
    "  <key>Umask</key><integer>63</integer>",
    `  <key>StandardOutPath</key>${string(out)}`,
    `  <key>StandardErrorPath</key>${string(out)}`,
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

/** The agent folder a plist runs (the argument after `run`), or null for another plist. */
export function plistAgentDir(text: string): string | null {
  const words = [...text.matchAll(/<string>([^<]*)<\/string>/g)].map((match) =>
    (match[1] ?? "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&"),
  );
  const run = words.indexOf("run");
  return run >= 0 ? (words[run + 1] ?? null) : null;
}

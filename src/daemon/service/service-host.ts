// The machine a service is installed on: its platform, user, service folders, and a way to run
// `systemctl` / `launchctl` / `loginctl`. Tests hand in a typed fake that records the commands.
import { userInfo } from "node:os";
import { type UserServiceFolders, userServiceFolders } from "../../config/index.js";

export interface CommandResult {
  /** The exit code; 127 when the program does not exist. */
  code: number;
  stdout: string;
  stderr: string;
}

export interface ServiceHost {
  platform: NodeJS.Platform;
  uid: number;
  user: string;
  folders: UserServiceFolders;
  /** Runs a program to its end; never throws (a missing program is code 127). */
  run(program: string, args: readonly string[]): Promise<CommandResult>;
}

/** A command of systemctl or launchctl may wait for a stop; 90 s is systemd's own stop default. */
const COMMAND_TIMEOUT_MS = 90_000;

/** This machine, for the user running kern; commands see `env` (the CLI's environment). */
export function systemServiceHost(env: Record<string, string | undefined>): ServiceHost {
  return {
    platform: process.platform,
    uid: process.getuid?.() ?? 0,
    user: userInfo().username,
    folders: userServiceFolders(env),
    async run(program, args) {
      // Loaded on first use: `kern status` reads this module and runs no command without a unit.
      const { execFile } = await import("node:child_process");
      return new Promise((resolve) => {
        execFile(
          program,
          [...args],
          { timeout: COMMAND_TIMEOUT_MS, env: definedOf(env) },
          (error, stdout, stderr) => {
            const code = error
              ? typeof error.code === "number"
                ? error.code
                : error.code === "ENOENT"
                  ? 127
                  : 1
              : 0;
            resolve({
              code,
              stdout: String(stdout),
              stderr: String(stderr || error?.message || ""),
            });
          },
        );
      });
    },
  };
}

function definedOf(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The first line of a command's complaint, for an error message. */
export function firstLine(result: CommandResult): string {
  return (result.stderr || result.stdout).trim().split("\n")[0] ?? `exit code ${result.code}`;
}

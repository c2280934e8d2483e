// pino-roll 4 ships no types: the part kern uses (it returns a SonicBoom destination).
declare module "pino-roll" {
  import type { EventEmitter } from "node:events";

  interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: "daily" | "hourly" | number;
    extension?: string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    symlink?: boolean;
    mkdir?: boolean;
    /** File mode of new log files (SonicBoom's `mode`). */
    mode?: number;
    sync?: boolean;
  }

  interface RollingDestination extends EventEmitter {
    /** The file written now. */
    readonly file: string;
    write(line: string): boolean;
    flush(callback?: (error?: Error) => void): void;
    flushSync(): void;
    end(): void;
  }

  // CommonJS: `module.exports = async function (options)`.
  function pinoRoll(options: PinoRollOptions): Promise<RollingDestination>;
  export = pinoRoll;
}

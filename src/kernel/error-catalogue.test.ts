import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, isKernErrorCode } from "./error-catalogue.js";
import { ConfigError, KernError, UsageError } from "./errors.js";

const codes = Object.keys(ERROR_CATALOGUE) as Array<keyof typeof ERROR_CATALOGUE>;

describe("the error catalogue", () => {
  it("gives every code an exit code, an HTTP error status and a message that says what to do", () => {
    for (const code of codes) {
      const entry = ERROR_CATALOGUE[code];
      expect([1, 2, 3, 4], code).toContain(entry.exit);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message.length, code).toBeGreaterThan(10);
    }
  });

  it("keeps the exit codes of SG-22: usage 2, config 3, daemon not running 4", () => {
    expect(new UsageError("bad flag").exitCode).toBe(2);
    expect(new ConfigError("KERN_CONFIG_INVALID", "bad key").exitCode).toBe(3);
    expect(new KernError("KERN_IMPORT_INVALID").exitCode).toBe(3);
    expect(new KernError("KERN_DAEMON_NOT_RUNNING").exitCode).toBe(4);
    expect(new KernError("KERN_NO_AGENT").exitCode).toBe(1);
  });

  it("gives the HTTP status an API answer carries", () => {
    expect(new KernError("KERN_QUEUE_FULL").httpStatus).toBe(429);
    expect(new KernError("KERN_IMPORT_DUPLICATE").httpStatus).toBe(409);
    expect(new KernError("KERN_DISK_FULL").httpStatus).toBe(507);
    expect(new KernError("KERN_STORE_FAILED").httpStatus).toBe(500);
  });

  it("uses the catalogue's message when the thrower gives none", () => {
    const error = new KernError("KERN_DAEMON_NOT_RUNNING");
    expect(error.message).toBe(ERROR_CATALOGUE.KERN_DAEMON_NOT_RUNNING.message);
    expect(new KernError("KERN_DAEMON_NOT_RUNNING", "no daemon in /a").message).toBe(
      "no daemon in /a",
    );
  });

  it("tells our codes from anyone else's", () => {
    expect(isKernErrorCode("KERN_QUEUE_FULL")).toBe(true);
    expect(isKernErrorCode("FST_ERR_CTP_BODY_TOO_LARGE")).toBe(false);
    expect(isKernErrorCode("toString")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { acceptSummaryBody } from "./summary-job.js";

describe("acceptSummaryBody", () => {
  it("rejects a reply too short to summarize its segment", () => {
    expect(acceptSummaryBody("ok", 13_000)).toBeNull();
    expect(acceptSummaryBody("<summary>\nDone.\n</summary>", 13_000)).toBeNull();
  });

  it("accepts bullets proportionate to the input", () => {
    const body = "- Fixed replication lag on db-03 by raising wal_keep_size to 2 GB; Ann approved.";
    expect(acceptSummaryBody(`<summary>\n${body}\n</summary>`, 3000)).toBe(body);
  });

  it("treats empty output as a failure", () => {
    expect(acceptSummaryBody("<think>hmm</think>", 100)).toBeNull();
  });
});

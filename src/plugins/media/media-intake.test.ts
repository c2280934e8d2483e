import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spacesBombPdf } from "../../../test/support/hostile-files.js";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { createLogger } from "../../log/index.js";
import { ParseWorkers } from "../../runtime/index.js";
import { MediaStore } from "../../store/index.js";
import { MediaIntake } from "./media-intake.js";

const MB = 1024 * 1024;
const REPORT = readFileSync(join(import.meta.dirname, "../../../test/fixtures/media/report.pdf"));
const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

/** The intake's log lines' messages, to see when it starts reading a PDF. */
const logged: string[] = [];
const reads = () => logged.filter((message) => message === "reading document").length;

function intake(workers = new ParseWorkers()): MediaIntake {
  const temp = makeTempDir("kern-intake-");
  temps.push(temp);
  const store = MediaStore.open(
    { agentDir: temp.path, mediaDir: join(temp.path, ".kern", "media") },
    { image: MB, voice: MB, audio: MB, document: 2 * MB },
  );
  return new MediaIntake({
    store,
    describer: null,
    transcriber: null,
    logger: createLogger({
      level: "info",
      destination: { write: (line: string) => logged.push(String(JSON.parse(line).msg)) },
    }),
    workers,
  });
}

describe("MediaIntake with documents", () => {
  it("keeps a PDF's text beside it and says what it holds", async () => {
    const media = intake();
    const result = await media.ingest({ bytes: REPORT, claimedName: "report.pdf" });
    expect(result.attachment).toMatchObject({ kind: "document", pages: 2 });
    expect(result.text).toContain("zephyr turbine");
    expect(await media.store.readRecord(result.attachment.id)).not.toHaveProperty("failed");
  });

  it("records a bomb as failed, with a clear note, and never reads it again", async () => {
    const media = intake();
    const first = await media.ingest({ bytes: spacesBombPdf(), claimedName: "bomb.pdf" });
    expect(first.note).toMatch(/^no text extracted: KERN_PARSE_LIMIT: .*inflates past 64 MB/);
    expect(first.failed).toBe(true);
    const record = await media.store.readRecord(first.attachment.id);
    expect(record).toMatchObject({ failed: true, note: first.note });
    // Sent again, the record answers: nothing is read.
    const readsBefore = reads();
    const again = await media.ingest({ bytes: spacesBombPdf(), claimedName: "bomb.pdf" });
    expect(again.note).toBe(first.note);
    expect(reads()).toBe(readsBefore);
    expect(media.message([again], "what is in it?").text).toBe(
      `[document bomb.pdf]\n(${first.note})\nwhat is in it?`,
    );
  });

  it("does not read a PDF again whose reading a kill -9 cut short", async () => {
    const media = intake();
    const first = await media.ingest({ bytes: REPORT, claimedName: "report.pdf" });
    // What a kill -9 during the read leaves: the record written before reading, no text.
    const json = join(media.store.agentDir, ".kern", "media", `${first.attachment.id}.json`);
    const { textFile: _text, pages: _pages, ...attachment } = first.attachment;
    await media.store.writeRecord({ ...attachment, note: "no text extracted: …", failed: true });
    writeFileSync(join(media.store.agentDir, ".kern", "media", `${first.attachment.id}.txt`), "");
    const readsBefore = reads();
    const again = await media.ingest({ bytes: REPORT, claimedName: "report.pdf" });
    expect(reads()).toBe(readsBefore);
    expect(again.note).toBe("no text extracted: …");
    expect(again.text).toBeUndefined();
    expect(JSON.parse(readFileSync(json, "utf8"))).toMatchObject({ failed: true });
  });

  it("ends a read at stop, recording the PDF as not finished", async () => {
    const workers = new ParseWorkers();
    const media = intake(workers);
    const reading = media.ingest({ bytes: REPORT, claimedName: "report.pdf" });
    media.stop();
    const result = await reading;
    expect(result.note).toMatch(
      /^no text extracted: reading it did not finish \(the daemon stopped/,
    );
    expect((await media.store.readRecord(result.attachment.id))?.failed).toBe(true);
  });
});

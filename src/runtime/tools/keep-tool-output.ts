// Where a tool call's output goes (issue 33 item 8): a long one is saved whole to a private file
// under `.kern/tool-output/`, and the log, the event stream, the index and the model get its
// bounded form (head, a note naming the file, tail). A file that cannot be written is said so.
import { describeError } from "../../kernel/index.js";
import { saveToolOutput } from "../../store/index.js";
import { boundToolOutput } from "./bound-tool-output.js";

export interface ToolOutputStorage {
  /** `.kern/tool-output`; null keeps no file (the note says the rest is gone). */
  dir: string | null;
  /** First and last bytes kept (config `toolOutputKeepBytes`). */
  keepBytes: number;
  session: string;
  turnId: string;
}

export interface KeptToolOutput {
  text: string;
  /** Set when the output was cut: its size and the file (relative to `.kern/`) holding it whole. */
  whole?: { bytes: number; file?: string };
}

/** Saves a long output whole and returns its bounded form; short output passes unchanged. */
export async function keepToolOutput(
  output: string,
  callId: string,
  storage: ToolOutputStorage,
): Promise<KeptToolOutput> {
  const bytes = Buffer.byteLength(output, "utf8");
  if (bytes <= storage.keepBytes * 2) return { text: output };
  let file: string | undefined;
  let where: string;
  if (storage.dir === null) where = "The rest was not kept.";
  else {
    try {
      file = await saveToolOutput({
        dir: storage.dir,
        session: storage.session,
        turnId: storage.turnId,
        callId,
        text: output,
      });
      where = `The whole output is kept in .kern/${file} for the operator (kern's tools cannot open .kern/).`;
    } catch (error) {
      where = `The rest could not be kept (${describeError(error)}).`;
    }
  }
  const bounded = boundToolOutput(output, storage.keepBytes, where);
  return { text: bounded.text, whole: { bytes, ...(file ? { file } : {}) } };
}

// `.kern/approvals.json`: the calls waiting for the operator's yes and the last decided ones, the
// source of truth across restarts (a call parked before a stop is still waiting after it). One
// JSON document, zod-checked on read, replaced atomically on write. A missing file = none.
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import {
  type ApprovalView,
  originSchema,
  parseJsonOrUndefined,
  StoreError,
} from "../../kernel/index.js";
import { writeFileAtomic } from "../../store/index.js";

/** Decided approvals kept for `kern approvals` and the Work page; older ones leave the file. */
const KEEP_DECIDED = 50;

const envelopeSchema = z
  .object({
    text: z.string(),
    interface: z.string(),
    channel: z.string().optional(),
    user: z.string().optional(),
    name: z.string().optional(),
    ts: z.string(),
    role: z.enum(["operator", "member"]).optional(),
    replyTo: z
      .object({ channel: z.string(), chat: z.string().optional(), user: z.string().optional() })
      .optional(),
  })
  .loose();

export const approvalRecordSchema = z.object({
  id: z.string(),
  tool: z.string(),
  arguments: z.string(),
  reason: z.string(),
  askedBy: originSchema,
  turnId: z.string(),
  turnKind: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(["pending", "approved", "denied", "expired"]),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** What the call needs to run later: its id, the scope it was offered in, its turn. */
  callId: z.string(),
  scope: z.enum(["read", "write", "full"]),
  envelope: envelopeSchema,
  depth: z.number().int().min(0),
  /** The approved call's run: running (a crash may cut it), then done with its output. */
  run: z
    .object({
      state: z.enum(["running", "done"]),
      output: z.string().optional(),
      isError: z.boolean().optional(),
    })
    .optional(),
  /** True once the decision's turn was queued (it is then in the durable queue). */
  reported: z.boolean().default(false),
});

export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

const documentSchema = z.object({ v: z.literal(1), approvals: z.array(approvalRecordSchema) });

export function toApprovalView(record: ApprovalRecord): ApprovalView {
  const { callId: _c, scope: _s, envelope: _e, depth: _d, run: _r, reported: _p, ...view } = record;
  return view;
}

/** The records in a file (or in memory when `file` is null). */
export class ApprovalBook {
  private records: ApprovalRecord[];

  constructor(private readonly file: string | null) {
    this.records = file ? readRecords(file) : [];
  }

  all(): readonly ApprovalRecord[] {
    return this.records;
  }

  get(id: string): ApprovalRecord | undefined {
    return this.records.find((record) => record.id === id);
  }

  /** Adds or replaces a record and saves; decided records past KEEP_DECIDED are dropped. */
  put(record: ApprovalRecord): void {
    const others = this.records.filter((known) => known.id !== record.id);
    const next = [...others, record];
    const pending = next.filter((known) => known.state === "pending" || !known.reported);
    const decided = next.filter((known) => known.state !== "pending" && known.reported);
    this.records = [...decided.slice(-KEEP_DECIDED), ...pending].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
    if (this.file)
      writeFileAtomic(this.file, `${JSON.stringify({ v: 1, approvals: this.records }, null, 2)}\n`);
  }
}

/** The approvals a file holds, as people see them (`kern approvals` without a daemon). */
export function readApprovals(file: string): ApprovalView[] {
  return readRecords(file).map(toApprovalView);
}

function readRecords(file: string): ApprovalRecord[] {
  if (!existsSync(file)) return [];
  const parsed = documentSchema.safeParse(parseJsonOrUndefined(readFileSync(file, "utf8")));
  if (!parsed.success) {
    throw new StoreError(
      "KERN_STORE_CORRUPT",
      `${file} is not an approvals file kern wrote; move it away (the calls it held are then forgotten) and start again`,
    );
  }
  return parsed.data.approvals;
}

// Job 3 of the memory pipeline: every `rollupFanout` contiguous parentless segments of a level
// become one parent a level up (planRollups decides), each with an instant extractive rollup
// summary; the summary job later replaces it with a model rollup. Idempotent (LESSONS #4).
import { type SegmentShape, segmentId } from "../../store/index.js";
import { closeSegment, writeExtractiveSummary } from "../memory-writes.js";
import type { PipelineContext } from "../pipeline-context.js";
import { summarizeExtractiveRollup } from "./extractive-summarizer.js";
import { planRollups } from "./rollup.js";
import { rollupTargetTokens } from "./summary-job.js";

/** Levels a tree of fanout ≥ 2 can reach for any real history; a guard against a planner loop. */
const MAX_PASSES = 32;

/** Creates every parent the planner finds, in every session; returns how many. */
export function runRollupJob(context: PipelineContext): number {
  let created = 0;
  for (const session of context.store.messages.sessionIds()) {
    if (context.signal.aborted) break;
    created += rollUpSession(context, session);
  }
  return created;
}

function rollUpSession(context: PipelineContext, session: string): number {
  const { store } = context;
  let created = 0;
  for (let pass = 0; pass < MAX_PASSES && !context.signal.aborted; pass += 1) {
    const segments = store.segments.rollupWindow(session);
    const plans = planRollups({ segments, fanout: context.config.rollupFanout });
    if (plans.length === 0) return created;
    const byId = new Map(segments.map((segment) => [segment.id, segment]));
    for (const plan of plans) {
      const id = segmentId(session, plan.level, plan.seqStart, plan.seqEnd);
      if (byId.has(id)) {
        context.logger.error(
          { session, segmentId: id },
          "rollup planned an existing parent; stopping",
        );
        return created;
      }
      const children = plan.childIds.map((childId) => byId.get(childId));
      if (children.some((child) => child === undefined)) return created;
      createParent(context, id, plan.level, children as SegmentShape[]);
      created += 1;
    }
  }
  context.logger.error({ session }, "rollup did not settle; stopping");
  return created;
}

function createParent(
  context: PipelineContext,
  id: string,
  level: number,
  children: SegmentShape[],
): void {
  const { store, clock } = context;
  const first = children[0] as SegmentShape;
  const last = children.at(-1) as SegmentShape;
  closeSegment(
    store,
    clock,
    {
      id,
      session: first.session,
      level,
      seqStart: first.seqStart,
      seqEnd: last.seqEnd,
      tokenCount: children.reduce((sum, child) => sum + child.tokenCount, 0),
      firstTs: first.firstTs,
      lastTs: last.lastTs,
    },
    children.map((child) => child.id),
  );
  const childTokens = children.reduce((sum, child) => sum + child.summaryTokens, 0);
  // The texts of this plan's children only (the window holds shapes): see rollupWindow.
  const texts = store.segments.summaries(children.map((child) => child.id));
  const text = summarizeExtractiveRollup(
    texts.map((summary) => summary ?? ""),
    rollupTargetTokens(childTokens),
  );
  writeExtractiveSummary(context, id, text);
}

// The prompt. Always usable, also while a turn runs: Enter sends, Esc cancels the turn, Ctrl-C
// clears a non-empty line (else the App decides). Reads the raw input events ink has split from
// stdin (its own useInput loses keys an editor needs: Ctrl-J, forward Delete, paste markers).
// Each event is applied to a ref first, so fast typing between renders never loses a key.
import { Box, Text, useStdin } from "ink";
import { useEffect, useRef, useState } from "react";
import { decodeInput } from "../decode-input.js";
import { createLineState, editLine, type LineState } from "../edit-line.js";
import type { LineHistory } from "../line-history.js";
import { countTextRows } from "../live-rows.js";

export interface InputLineProps {
  onSubmit: (text: string) => void;
  onEscape: () => void;
  /** Ctrl-C on an empty line. */
  onInterrupt: () => void;
  /** Any other key: a pending question (quit?) is dropped. */
  onKey?: () => void;
  commands: readonly string[];
  history: LineHistory;
  columns?: number;
  /** Told the rows the input takes whenever that changes (the transcript makes room for it). */
  onRows?: (rows: number) => void;
}

export function InputLine(props: InputLineProps) {
  const { internal_eventEmitter: events, setRawMode } = useStdin();
  const [line, setLine] = useState<LineState>(() => createLineState(props.history.entries));
  const lineRef = useRef(line);
  const propsRef = useRef(props);
  propsRef.current = props;

  useEffect(() => {
    setRawMode(true);
    return () => setRawMode(false);
  }, [setRawMode]);

  useEffect(() => {
    const onInput = (raw: string) => {
      const current = propsRef.current;
      for (const input of decodeInput(raw, lineRef.current.pasting)) {
        const edit = editLine(lineRef.current, input, current.commands);
        lineRef.current = runEditAction(edit, current);
      }
      setLine(lineRef.current);
    };
    events.on("input", onInput);
    return () => {
      events.removeListener("input", onInput);
    };
  }, [events]);

  const columns = props.columns ?? 80;
  const rows = countInputRows(line, columns);
  const onRows = props.onRows;
  useEffect(() => onRows?.(rows), [onRows, rows]);

  return (
    <Box flexDirection="column">
      {renderLines(line).map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one text, by position
        <Text key={index}>
          <Text bold color="green">
            {index === 0 ? "❯ " : "  "}
          </Text>
          {row.before}
          {row.cursor === null ? null : <Text inverse>{row.cursor}</Text>}
          {row.after}
        </Text>
      ))}
      {line.completions.length > 0 ? <Text dimColor>{line.completions.join("  ")}</Text> : null}
    </Box>
  );
}

/**
 * Carries out what an edit asks for (send, cancel, interrupt, or any other key) and returns the
 * line after it: Ctrl-C on a non-empty line clears it instead of interrupting.
 */
function runEditAction(edit: ReturnType<typeof editLine>, props: InputLineProps): LineState {
  const action = edit.action;
  if (action?.type === "submit" && action.text.trim()) {
    props.history.append(action.text);
    props.onSubmit(action.text);
  } else if (action?.type === "escape") props.onEscape();
  else if (action?.type === "interrupt") {
    if (edit.state.text) return createLineState(edit.state.history);
    props.onInterrupt();
  } else props.onKey?.();
  return edit.state;
}

/** The terminal rows the prompt takes: its wrapped lines plus the completions row. */
function countInputRows(line: LineState, columns: number): number {
  return (
    line.text.split("\n").reduce((sum, text) => sum + countTextRows(`❯ ${text} `, columns), 0) +
    (line.completions.length > 0 ? countTextRows(line.completions.join("  "), columns) : 0)
  );
}

interface Row {
  before: string;
  /** The character under the cursor (a space at a line's end); null on rows without it. */
  cursor: string | null;
  after: string;
}

function renderLines(line: LineState): Row[] {
  let offset = 0;
  return line.text.split("\n").map((text) => {
    const start = offset;
    offset += text.length + 1;
    const column = line.cursor - start;
    if (column < 0 || column > text.length) return { before: text, cursor: null, after: "" };
    const rest = text.slice(column);
    const under = rest ? String.fromCodePoint(rest.codePointAt(0) ?? 32) : " ";
    return { before: text.slice(0, column), cursor: under, after: rest.slice(under.length) };
  });
}

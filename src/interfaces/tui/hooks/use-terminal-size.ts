// The terminal's size, updated when the window is resized. Not a TTY (tests, pipes): unbounded
// rows and ink's default 80 columns.
import { useStdout } from "ink";
import { useEffect, useState } from "react";

export interface TerminalSize {
  columns: number;
  /** Infinity when the output is not a terminal. */
  rows: number;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return {
    columns: stdout.columns || 80,
    rows: stdout.isTTY && stdout.rows ? stdout.rows : Number.POSITIVE_INFINITY,
  };
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const update = () => setSize(sizeOf(stdout));
    stdout.on("resize", update);
    return () => {
      stdout.off("resize", update);
    };
  }, [stdout]);
  return size;
}

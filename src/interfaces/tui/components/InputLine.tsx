// The prompt line. Always usable, also while a turn runs: Enter sends, Esc cancels the turn.
// Keystrokes are applied to a ref first, so fast typing between renders never loses a key.
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import { editLine } from "../edit-line.js";

export interface InputLineProps {
  onSubmit: (text: string) => void;
  onCancel: () => void;
}

export function InputLine({ onSubmit, onCancel }: InputLineProps) {
  const [value, setValue] = useState("");
  const valueRef = useRef("");
  const handlers = useRef({ onSubmit, onCancel });
  handlers.current = { onSubmit, onCancel };

  useInput((input, key) => {
    const edit = editLine(valueRef.current, input, key);
    valueRef.current = edit.value;
    setValue(edit.value);
    if (edit.action?.type === "submit") handlers.current.onSubmit(edit.action.text);
    if (edit.action?.type === "cancel") handlers.current.onCancel();
  });

  return (
    <Box>
      <Text bold color="green">
        {"❯ "}
      </Text>
      <Text>{value}</Text>
      <Text inverse> </Text>
    </Box>
  );
}

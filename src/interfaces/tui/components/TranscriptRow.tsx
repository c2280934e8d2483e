// One transcript item on screen: your message, reply markdown, a dim tool line, a command's
// answer (preformatted plain text, as the runtime writes it) or a notice.
import { Box, Text } from "ink";
import { formatToolLine } from "../format-turn.js";
import { silentLine } from "../silent-turn.js";
import type { TranscriptItem } from "../transcript-item.js";
import { Markdown } from "./Markdown.js";

export function TranscriptRow({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case "user":
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text>
            <Text bold color="green">
              {item.from ? `${item.from} ❯ ` : "❯ "}
            </Text>
            <Text bold={!item.queued} dimColor={item.queued === true}>
              {item.text}
            </Text>
            {item.queued ? <Text dimColor>{"  (queued)"}</Text> : null}
          </Text>
          {item.failed ? <Text color="red">{`✗ not sent: ${item.failed}`}</Text> : null}
        </Box>
      );
    case "assistant":
      return <Markdown text={item.text} />;
    case "tool":
      return (
        <Text dimColor color={item.result?.isError ? "red" : undefined} wrap="truncate-end">
          {formatToolLine(item)}
        </Text>
      );
    case "command":
      return (
        <Box flexDirection="column">
          {item.command ? <Text dimColor>{`/${item.command}`}</Text> : null}
          <Text>{item.text}</Text>
        </Box>
      );
    case "notice":
      return item.tone === "error" ? (
        <Text color="red">{`✗ ${item.text}`}</Text>
      ) : (
        <Text dimColor>{`· ${item.text}`}</Text>
      );
    case "silent":
      return <Text dimColor wrap="truncate-end">{`· ${silentLine(item.source)}`}</Text>;
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

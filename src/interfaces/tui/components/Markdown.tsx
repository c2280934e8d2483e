// Draws the styled lines of render-markdown.ts with ink. Styling only; parsing lives there.
import { Box, Text } from "ink";
import { type MarkdownLine, type MarkdownSpan, renderMarkdown } from "../render-markdown.js";

export function Markdown({ text }: { text: string }) {
  const lines = renderMarkdown(text);
  return (
    <Box flexDirection="column">
      {lines.map((line, index) => (
        // Lines have no identity beyond their position; streaming only ever appends.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MarkdownRow key={index} line={line} />
      ))}
    </Box>
  );
}

function MarkdownRow({ line }: { line: MarkdownLine }) {
  switch (line.kind) {
    case "code":
      return (
        <Text>
          <Text dimColor>│ </Text>
          <Text color="cyan">{line.spans[0]?.text || " "}</Text>
        </Text>
      );
    case "fence":
      return <Text dimColor>{`╭ ${line.spans[0]?.text ?? ""}`}</Text>;
    case "rule":
      return <Text dimColor>────────</Text>;
    case "heading":
      return (
        <Text bold underline>
          <Spans spans={line.spans} />
        </Text>
      );
    case "quote":
      return (
        <Text italic>
          <Text dimColor>▎ </Text>
          <Spans spans={line.spans} />
        </Text>
      );
    case "text":
      return line.spans.length === 0 ? (
        <Text> </Text>
      ) : (
        <Text>
          <Spans spans={line.spans} />
        </Text>
      );
    default: {
      const unreachable: never = line.kind;
      return unreachable;
    }
  }
}

function Spans({ spans }: { spans: MarkdownSpan[] }) {
  return spans.map((span, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: spans of one line never reorder
    <StyledSpan key={index} span={span} />
  ));
}

function StyledSpan({ span }: { span: MarkdownSpan }) {
  switch (span.style) {
    case "plain":
      return <Text>{span.text}</Text>;
    case "bold":
      return <Text bold>{span.text}</Text>;
    case "italic":
      return <Text italic>{span.text}</Text>;
    case "code":
      return <Text color="cyan">{span.text}</Text>;
    case "link":
      return <Text underline>{span.text}</Text>;
    case "dim":
      return <Text dimColor>{span.text}</Text>;
    default: {
      const unreachable: never = span.style;
      return unreachable;
    }
  }
}

// Public surface of the conversation generator used by the benchmarks and the demo agent.
export {
  DEFAULT_START_TS,
  DEFAULT_TOOL_OUTPUT_CHARS,
  generateConversation,
} from "./generate-conversation.js";
export type { FactKind, GeneratedConversation, GroundTruthFact, ImportMessage } from "./types.js";
export { writeConversation } from "./write-conversation.js";

// Public surface of the conversation generator used by the benchmarks and the demo agent.
export {
  DEFAULT_START_TS,
  DEFAULT_TOOL_OUTPUT_CHARS,
  generateConversation,
} from "./generate-conversation.js";
export type { Topic, TopicDomain } from "./topic.js";
export { TOPIC_CATALOG } from "./topic-catalog.js";
export type {
  FactKind,
  GenerateConversationOptions,
  GeneratedConversation,
  GroundTruth,
  GroundTruthFact,
  ImportMessage,
  ImportToolCall,
  TopicBlock,
  TopicTruth,
} from "./types.js";
export { type WriteConversationOptions, writeConversation } from "./write-conversation.js";

// Public surface of the function-calling loop (runtime-api.md Part 2, plus documented extras).
export { defineTool, isFunctionTool } from './define-tool.js';
export type { ApprovalMode, DefineToolOptions, FunctionTool, JsonSchema, PlainToolFunction } from './define-tool.js';
export { createFunctionInvocationContext } from './context.js';
export type { FunctionInvocationContext } from './context.js';
export type { ToolInput, ToolRemoval } from './live-tools.js';
export { executeFunctionMiddleware } from './middleware.js';
export type { FunctionMiddleware } from './middleware.js';
export { isRequiredToolChoice, resetRequiredToolChoice, validateToolChoice } from './tool-choice.js';
export type { NormalizedToolChoice, ToolChoice, ToolChoiceMode } from './tool-choice.js';
export { wireToolNames } from './wire.js';
export type { WireFunctionTool, WireNamespace, WireTool } from './wire.js';
export { SCRIPTED_NONE_TEXT, ScriptedModel } from './model.js';
export type {
  ChatModel,
  ModelRequest,
  ModelResponse,
  ModelScript,
  ModelStreamEvent,
  ModelToolCall,
  ScriptedModelOptions,
} from './model.js';
export type { RunStreamEvent, StreamedRun } from './stream.js';
export { Agent } from './agent.js';
export type { AgentOptions, RuntimeLogger } from './agent.js';
export { RESUME_REQUIRED_TOOL_CHOICE_WARNING } from './run.js';
export type { AgentRunOptions, RunItem, RunResult, StopReason } from './run.js';
export { RunState } from './run-state.js';
export type { ApprovalDecision, ApprovalIdentity, PendingApproval } from './approvals.js';
export type { CallStatus } from './batch.js';
export { handoff } from './handoff.js';
export type { Handoff, HandoffOptions } from './handoff.js';
export { invokeTool } from './invoke.js';
export {
  AgentConfigError,
  ArgumentParsingError,
  DuplicateToolNameError,
  MiddlewareTermination,
  ReadOnlyToolListError,
  RunStateError,
  ToolChoiceError,
  ToolContextUnboundError,
  UnknownToolError,
} from './errors.js';
export { PROGRESSIVE_TOOLS, resetExperimentalWarningsForTests } from './experimental-warning.js';
export {
  ARGUMENT_PARSING_FAILED_TEXT,
  FUNCTION_FAILED_TEXT,
  LIMIT_FALLBACK_TEXT,
  MISSING_CALL_ID_TEXT,
  REJECTED_BY_USER_TEXT,
  noLongerAvailableText,
  notFoundText,
} from './results.js';

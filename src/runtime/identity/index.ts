// Public API of the reference identity runtime (runtime-api.md, part 1). Names are the
// contract: rename nothing here.

export { ToolIdentityError, type ToolIdentityErrorDetails } from './errors.js';
export type {
  DefaultIdentity,
  HandoffLike,
  LookupKey,
  LookupKeyKind,
  SerializedLookupKey,
  ToolCallLike,
  ToolLike,
} from './types.js';
export { isNonEmptyString, nonEmptyString } from './strings.js';
export { toolQualifiedName, toolTraceName } from './qualified-names.js';
export {
  deserializeFunctionToolLookupKey,
  getFunctionToolLookupKey,
  isLookupKey,
  lookupKeyId,
  normalizeLookupKey,
  parseLookupKeyId,
  serializeFunctionToolLookupKey,
} from './lookup-keys.js';
export {
  getExplicitFunctionToolNamespace,
  getFunctionToolNamespace,
  getFunctionToolNamespaceDescription,
  getFunctionToolPublicName,
  hasFunctionToolShape,
  isDeferredTopLevelFunctionTool,
} from './tool-shape.js';
export {
  getFunctionToolDispatchName,
  getFunctionToolLookupKeyForTool,
  getFunctionToolLookupKeys,
  getFunctionToolQualifiedName,
  getFunctionToolTraceName,
  getToolTraceNameForTool,
} from './tool-identity.js';
export {
  isReservedSyntheticToolNamespace,
  toolNamespace,
  validateFunctionToolNamespaceShape,
  type NamespacedTool,
  type ToolNamespaceOptions,
} from './namespace.js';
export {
  buildFunctionToolLookupMap,
  findFunctionToolLookupConfigurationProblems,
  resolveFunctionToolCall,
  validateFunctionToolLookupConfiguration,
  type FunctionToolLookupConfigurationProblem,
  type FunctionToolLookupConfigurationProblemKind,
} from './lookup-configuration.js';
export { validateToolNameCollisionPolicy, type ToolNameCollisionPolicy } from './collision-policy.js';
export { REDACTED_TOOL_NAME_COLLISION_WARNING, type ToolNameCollisionMember } from './collision-messages.js';
export {
  findToolNameCollisions,
  resolveToolNameCollisions,
  type ResolvedToolNameCollisions,
  type ResolveToolNameCollisionsOptions,
  type ToolNameCollisionGroup,
} from './collisions.js';
export {
  approvalDecisionStorageKeys,
  functionToolApprovalKeyForLookupKey,
  getFunctionToolApprovalKeys,
  shouldAllowBareNameApprovalAlias,
  type ApprovalDecisionStorageKeyOptions,
  type FunctionToolApprovalKeyOptions,
} from './approval-keys.js';
export {
  extractToolCallId,
  getHostedMcpApprovalRequestIdentity,
  getToolApprovalItemCallId,
  getToolApprovalItemLookupKey,
  toolApprovalItemDefaultLookupKey,
  type HostedMcpApprovalRequestIdentity,
} from './call-ids.js';
export {
  getFunctionToolLookupKeyForCall,
  getToolCallName,
  getToolCallNamespace,
  getToolCallQualifiedName,
  getToolCallTraceName,
  normalizeToolCallForFunctionTool,
  restoreToolCallRoutingIdentity,
  validatePersistedToolIdentity,
} from './tool-calls.js';
export {
  agentAsToolDefaultName,
  describeFunctionStyleTransform,
  handoffDefaultToolName,
  transformStringFunctionStyle,
  validateFunctionToolName,
  type FunctionStyleTransform,
} from './default-names.js';
export {
  MCP_TOOL_NAME_HASH_LENGTH,
  MCP_TOOL_NAME_MAX_LENGTH,
  mcpPrefixedToolNames,
  mcpSafeToolNamePart,
  mcpShortenToolName,
  mcpUnprefixedToolNames,
  type McpPrefixedToolNameOptions,
  type McpServerTools,
} from './mcp-names.js';
export { mcpServerDisplayName } from './mcp-server-display-name.js';

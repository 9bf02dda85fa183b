// The Vercel AI SDK (`ai` 5 to 7; read from ai 6.0.326 and 7.0.173). A tool is a value
// (`tool({...})` returns its argument, `dynamicTool` marks it dynamic); its name is the key under
// which a `tools` record lists it, sent unchanged. Records merged by spreads or `Object.assign` keep
// the later key silently. `activeTools` and `toolChoice: { type: 'tool', toolName }` (also returned
// from `prepareStep`, and from `prepareCall` of a `ToolLoopAgent`) name keys; the SDK drops unknown
// active tools silently and fails after the request on an unknown forced tool
// (`ToolChoiceViolationError`). `@ai-sdk/mcp` clients' `tools()` are run-time records: not followed.
import { RETURNS, type ExposureSpec, type FrameworkAdapter, type ReferenceSpec, type ToolChoiceStyle } from './types.js';

const verbatim = (name: string): string => name;

/** 'auto' | 'none' | 'required' | { type: 'tool', toolName }. */
const choice: ToolChoiceStyle = { modes: ['auto', 'none', 'required'], object: { nameOption: 'toolName' } };

/** Where a call's options name tools: directly, and in what `prepareStep` returns. */
function references(...roots: ReadonlyArray<readonly string[]>): ReferenceSpec[] {
  return roots.flatMap((root): ReferenceSpec[] => [
    { argument: 0, path: [...root, 'toolChoice'], form: 'tool-choice', style: choice },
    { argument: 0, path: [...root, 'activeTools'], form: 'names' },
    { argument: 0, path: [...root, 'experimental_activeTools'], form: 'names' },
  ]);
}

const tools = { argument: 0, path: ['tools'], shape: 'record' } as const satisfies ExposureSpec['tools'];

export const aiSdkAdapter: FrameworkAdapter = {
  id: 'ai-sdk',
  title: 'Vercel AI SDK',
  enablers: ['ai', '@ai-sdk/mcp'],
  tools: [
    {
      match: [
        { type: 'call', name: 'tool' },
        { type: 'call', name: 'dynamicTool' },
      ],
      kind: 'function',
      name: [{ from: 'record-key' }],
      approval: { requiredWhen: 'truthy', argument: 0, path: ['needsApproval'] },
      // `ToolExecutionOptions.toolCallId: string` (ai 5 to 7).
      callId: { argument: 0, path: ['execute'], parameter: 1, property: 'toolCallId' },
    },
  ],
  exposures: [
    {
      match: [
        { type: 'call', name: 'generateText' },
        { type: 'call', name: 'streamText' },
      ],
      kind: 'call',
      tools,
      references: references([], ['prepareStep', RETURNS]),
    },
    {
      // `Experimental_Agent` is the same class under its deprecated name, and `Agent` its name in
      // the 5.x releases that exported the class as `Agent` (6 keeps `Agent` as an interface only).
      match: [
        { type: 'new', name: 'ToolLoopAgent' },
        { type: 'new', name: 'Experimental_Agent' },
        { type: 'new', name: 'Agent' },
      ],
      kind: 'agent',
      name: [{ from: 'option', argument: 0, path: ['id'] }],
      tools,
      references: references([], ['prepareStep', RETURNS], ['prepareCall', RETURNS]),
    },
  ],
  // `export const supportTools = { ...searchTools, refund: refundTool }` in a module of its own.
  toolkitRecords: true,
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};

// Pieces the provider SDK adapters share: a request method on a client made anywhere, and the
// naming of APIs that send every name as written.
import type { CallShape, Naming } from './types.js';

/**
 * `client.<receiverPath>.<method>(request)` for each method, on a client created in any module
 * (`wrapper`: a file that writes `chat.completions.create` is read with the adapter on).
 */
export function clientMethods(receiverPath: readonly string[], ...methods: string[]): CallShape[] {
  return methods.map((method) => ({ type: 'method', method, minArguments: 1, receiverPath, wrapper: true }));
}

const verbatim = (name: string): string => name;

/** A provider API sends names verbatim; it has no handoffs or agents of its own. */
export const verbatimNaming: Naming = { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim };

/** Two tools of one name both reach the model; the application's own dispatcher picks one. */
export const bothSent = { outcome: 'both reach the model, and which one a call runs is up to the code that dispatches it' } as const;

// Handoffs: a routed tool name that transfers the rest of the run to another agent. A HandoffLike
// for the identity helpers (collision policy), plus the target agent for the loop.
import { handoffDefaultToolName } from '../identity/index.js';
import type { Agent } from './agent.js';
import { AgentConfigError } from './errors.js';

export interface Handoff {
  readonly type: 'handoff';
  /** The tool name the model calls to hand off. */
  readonly toolName: string;
  readonly toolDescription: string;
  readonly agentName: string;
  readonly agent: Agent;
  /** Set when `toolName` was derived from the agent name (no override), for collision messages. */
  readonly defaultIdentity?: { agentName: string; derivedName: string };
}

export interface HandoffOptions {
  /** Used when non-empty; otherwise the name is derived with `handoffDefaultToolName`. */
  toolNameOverride?: string;
  toolDescription?: string;
}

export function handoff(agent: Agent, options: HandoffOptions = {}): Handoff {
  const override = options.toolNameOverride;
  // Truthiness, as upstream: '' falls back to the derived name.
  if (override !== undefined && typeof override !== 'string') {
    throw new AgentConfigError('handoff(): toolNameOverride must be a string.');
  }
  const derived = handoffDefaultToolName(agent.name);
  const toolName = override ? override : derived;
  return Object.freeze({
    type: 'handoff' as const,
    toolName,
    toolDescription: options.toolDescription ?? `Hand off to the ${agent.name} agent to handle the request.`,
    agentName: agent.name,
    agent,
    ...(override ? {} : { defaultIdentity: { agentName: agent.name, derivedName: derived } }),
  });
}

export function isHandoff(value: unknown): value is Handoff {
  return value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'handoff';
}

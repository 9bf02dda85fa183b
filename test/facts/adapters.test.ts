import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adapterEnabledBy,
  adapterNaming,
  adapters,
  aiSdkAdapter,
  getAdapter,
  inngestAgentKitAdapter,
  langchainAdapter,
  llamaIndexAdapter,
  mastraAdapter,
  mcpSdkAdapter,
  openaiAgentsAdapter,
  toFunctionToolName,
  toolIdentityAuditAdapter,
  voltAgentAdapter,
} from '../../src/facts/adapters/index.js';
import { mastraToolName } from '../../src/facts/adapters/mastra.js';
import { transformStringFunctionStyle } from '../../src/runtime/identity/index.js';

interface Vector {
  id: string;
  helper: string;
  input: { agentName?: string; name?: string };
  expected: unknown;
}
const vectors = (JSON.parse(readFileSync(new URL('../vectors/identity-vectors.json', import.meta.url), 'utf8')) as { vectors: Vector[] }).vectors;

describe('adapter registry', () => {
  it('lists the adapters in a fixed order with plain-data tables', () => {
    expect(adapters.map((a) => a.id)).toEqual([
      'tool-identity-audit',
      'openai-agents',
      'mcp-sdk',
      'ai-sdk',
      'langchain',
      'mastra',
      'openai',
      'anthropic',
      'google-genai',
      'bedrock-runtime',
      'voltagent',
      'inngest-agent-kit',
      'llamaindex',
      'fastmcp',
      'claude-agent-sdk',
      'genkit',
      'strands',
    ]);
    expect(getAdapter('openai-agents')).toBe(openaiAgentsAdapter);
    expect(getAdapter('nope')).toBeUndefined();
    // Tables are data: they survive JSON (the CLI's cache salt hashes them); only naming is code.
    for (const adapter of adapters) {
      const { naming: _naming, collect: _collect, ...tables } = adapter;
      expect(JSON.parse(JSON.stringify(tables))).toEqual(tables);
    }
  });

  it('enables the AI SDK by `ai` and its subpaths only', () => {
    expect(adapterEnabledBy(aiSdkAdapter, 'ai')).toBe(true);
    expect(adapterEnabledBy(aiSdkAdapter, 'ai/rsc')).toBe(true);
    expect(adapterEnabledBy(aiSdkAdapter, 'aiohttp')).toBe(false);
    expect(adapterEnabledBy(aiSdkAdapter, '@ai-sdk/openai')).toBe(false);
    expect(adapterEnabledBy(aiSdkAdapter, '@ai-sdk/mcp')).toBe(true);
    expect(adapterEnabledBy(langchainAdapter, '@langchain/core/tools')).toBe(true);
    expect(adapterEnabledBy(langchainAdapter, '@langchain/langgraph/prebuilt')).toBe(true);
    expect(adapterEnabledBy(langchainAdapter, 'langchain/tools')).toBe(true);
    expect(adapterEnabledBy(mastraAdapter, '@mastra/core/agent')).toBe(true);
  });

  it('enables VoltAgent, AgentKit and LlamaIndex.TS by their packages (LlamaIndex by its whole scope)', () => {
    expect(adapterEnabledBy(voltAgentAdapter, '@voltagent/core')).toBe(true);
    expect(adapterEnabledBy(voltAgentAdapter, '@voltagent/server-hono')).toBe(false);
    expect(adapterEnabledBy(inngestAgentKitAdapter, '@inngest/agent-kit')).toBe(true);
    expect(adapterEnabledBy(inngestAgentKitAdapter, '@inngest/agent-kit/server')).toBe(true);
    expect(adapterEnabledBy(inngestAgentKitAdapter, 'inngest')).toBe(false);
    expect(adapterEnabledBy(llamaIndexAdapter, 'llamaindex')).toBe(true);
    expect(adapterEnabledBy(llamaIndexAdapter, '@llamaindex/workflow')).toBe(true);
    expect(adapterEnabledBy(llamaIndexAdapter, '@llamaindex/core/tools')).toBe(true);
    expect(adapterEnabledBy(llamaIndexAdapter, 'llamaindex-extra')).toBe(false);
  });

  it('is enabled by an enabler or one of its subpaths, never by a longer package name', () => {
    expect(adapterEnabledBy(openaiAgentsAdapter, '@openai/agents')).toBe(true);
    expect(adapterEnabledBy(openaiAgentsAdapter, '@openai/agents/realtime')).toBe(true);
    expect(adapterEnabledBy(openaiAgentsAdapter, '@openai/agents-core')).toBe(true);
    expect(adapterEnabledBy(openaiAgentsAdapter, '@openai/agents-extensions')).toBe(false);
    expect(adapterEnabledBy(mcpSdkAdapter, '@modelcontextprotocol/sdk/server/mcp.js')).toBe(true);
    expect(adapterEnabledBy(mcpSdkAdapter, '@modelcontextprotocol/sdk-extra')).toBe(false);
    expect(adapterEnabledBy(toolIdentityAuditAdapter, 'tool-identity-audit/runtime')).toBe(true);
    expect(adapterEnabledBy(toolIdentityAuditAdapter, 'tool-identity-auditor')).toBe(false);
  });
});

describe('Mastra naming (formatTools, @mastra/core 1.71)', () => {
  it('keeps valid keys, including a leading _ and -', () => {
    for (const key of ['lookupUnit', '_private', 'find-vendor', 'agent-vendorAgent', 'a'.repeat(63)]) expect(mastraToolName(key)).toBe(key);
  });

  it('replaces invalid characters, prefixes _ when the first is not a letter or _, cuts at 63', () => {
    expect(mastraToolName('check warranty')).toBe('check_warranty');
    expect(mastraToolName('look.up/unit')).toBe('look_up_unit');
    expect(mastraToolName('1st-call')).toBe('_1st-call');
    expect(mastraToolName('-x')).toBe('_-x');
    expect(mastraToolName('b'.repeat(70))).toBe('b'.repeat(63));
    expect(mastraToolName('é')).toBe('_');
  });
});

describe('@openai/agents naming (toFunctionToolName)', () => {
  it('replaces every UTF-16 unit outside [A-Za-z0-9] with _, keeping case', () => {
    expect(toFunctionToolName('get weather')).toBe('get_weather');
    expect(toFunctionToolName('a-b.c\tD')).toBe('a_b_c_D');
    expect(toFunctionToolName('Café')).toBe('Caf_');
    expect(toFunctionToolName('x😀')).toBe('x__');
    expect(toFunctionToolName('snake_case')).toBe('snake_case');
  });

  it('derives handoff, agent-tool, tool and namespace names', () => {
    expect(openaiAgentsAdapter.naming.handoff('Agent A')).toBe('transfer_to_Agent_A');
    expect(openaiAgentsAdapter.naming.agentTool('Refund agent')).toBe('Refund_agent');
    expect(openaiAgentsAdapter.naming.tool('lookup-account')).toBe('lookup_account');
    expect(openaiAgentsAdapter.naming.namespace('  CRM tools ')).toBe('CRM_tools');
  });
});

describe('tool-identity-audit runtime naming (Python semantics)', () => {
  it('keeps tool names verbatim and strips namespace names', () => {
    expect(toolIdentityAuditAdapter.naming.tool('crm.lookup')).toBe('crm.lookup');
    expect(toolIdentityAuditAdapter.naming.namespace(' crm ')).toBe('crm');
  });

  it('lower-cases per code point', () => {
    expect(transformStringFunctionStyle('x😀')).toBe('x_');
    expect(toolIdentityAuditAdapter.naming.handoff('Agent A')).toBe('transfer_to_agent_a');
  });

  const named = vectors.filter((v) => ['handoffDefaultToolName', 'agentAsToolDefaultName', 'transformStringFunctionStyle'].includes(v.helper));
  it('has identity vectors to check', () => {
    expect(named.length).toBeGreaterThanOrEqual(10);
  });
  it.each(named.map((v) => [v.id, v] as const))('matches vector %s', (_id, vector) => {
    const input = vector.input.agentName ?? vector.input.name ?? '';
    const actual =
      vector.helper === 'handoffDefaultToolName'
        ? toolIdentityAuditAdapter.naming.handoff(input)
        : vector.helper === 'agentAsToolDefaultName'
          ? toolIdentityAuditAdapter.naming.agentTool(input)
          : transformStringFunctionStyle(input);
    expect(actual).toBe(vector.expected);
  });
});

describe('adapterNaming', () => {
  it('gives every adapter all four rules', () => {
    expect(adapterNaming('openai-agents').handoff('Billing agent')).toBe('transfer_to_Billing_agent');
    expect(adapterNaming('tool-identity-audit').handoff('Billing agent')).toBe('transfer_to_billing_agent');
    expect(adapterNaming('mcp-sdk').tool('a-b')).toBe('a-b');
    expect(adapterNaming('mcp-sdk').agentTool('X y')).toBe('X y');
    expect(adapterNaming('unknown').handoff('X')).toBe('transfer_to_X');
    expect(adapterNaming('openai-agents')).toBe(adapterNaming('openai-agents'));
  });
});

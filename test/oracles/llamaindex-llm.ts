// The LLM of the LlamaIndex oracles: it supports tool calls (agents require it) and is never asked.
import type { agent } from '@llamaindex/workflow';

export const stubLlm = {
  supportToolCall: true,
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 1024, tokenizer: undefined },
  chat: () => Promise.reject(new Error('the oracle calls no model')),
  complete: () => Promise.reject(new Error('the oracle calls no model')),
} as unknown as Parameters<typeof agent>[0]['llm'];

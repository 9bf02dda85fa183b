// The templates of each supported framework.
import type { Framework } from '../model.js';
import { aiSdk } from './ai-sdk.js';
import type { FrameworkTemplates } from './common.js';
import { langchain } from './langchain.js';
import { mastra } from './mastra.js';
import { mcp } from './mcp.js';
import { openai } from './openai.js';
import { runtime } from './runtime.js';

export const TEMPLATES: Record<Framework, FrameworkTemplates> = {
  runtime,
  openai,
  'mcp-v1': mcp,
  'mcp-v2': mcp,
  'ai-sdk': aiSdk,
  langchain,
  mastra,
};

// The identity rules on the Claude Agent SDK, one file each case: tools in
// `createSdkMcpServer({ tools })`, and `query()` showing them as `mcp__<key>__<tool>`, named so in
// `allowedTools` / `disallowedTools`. Cross-module cases are in fixtures/frameworks/claude-agent-sdk.
import collisionRule from '../../rules/no-tool-name-collision.js';
import referenceRule from '../../rules/required-function-name-known.js';
import nameRule from '../../rules/valid-tool-name.js';
import { loc, runCases } from './testers.js';

const app = `import { createSdkMcpServer, query, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';

const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
const search = tool('search', 'Search articles.', { q: z.string() }, ok);
const docs = createSdkMcpServer({ name: 'docs', version: '1.0.0', tools: [search, tool('get_article', 'One article.', { slug: z.string() }, ok)] });

export const run = query({
  prompt: 'hi',
  options: {
    mcpServers: { docs, remote: { type: 'http', url: 'https://mcp.example/mcp' } },
    allowedTools: ['Read', 'mcp__docs__search', 'mcp__docs__get_articles', 'mcp__docs__*', 'mcp__remote__anything', 'mcp__elsewhere__x'],
    disallowedTools: ['mcp__docs', 'mcp__docs__delete'],
  },
});
`;

const duplicate = `import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';

const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
const lookup = tool('lookup_order', 'By number.', { id: z.string() }, ok);
export const orders = createSdkMcpServer({ name: 'orders', tools: [lookup, tool('lookup_order', 'By email.', { email: z.string() }, ok)] });
export const again = createSdkMcpServer({ name: 'again', tools: [lookup, lookup] });
`;

const twoKeys = `import { createSdkMcpServer, query, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';

const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
const kb = createSdkMcpServer({ name: 'kb', tools: [tool('search', 'Search.', { q: z.string() }, ok)] });
const tickets = createSdkMcpServer({ name: 'tickets', tools: [tool('search', 'Search tickets.', { q: z.string() }, ok)] });
export const run = query({ prompt: 'hi', options: { mcpServers: { kb, tickets, archive: kb } } });
`;

const longKey = `import { createSdkMcpServer, query, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';

const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
const kb = createSdkMcpServer({ name: 'kb', tools: [tool('get_article', 'One article.', { slug: z.string() }, ok)] });
export const run = query({ prompt: 'hi', options: { mcpServers: { customer_support_knowledge_base_archive_2024_q4_v2: kb } } });
`;

runCases('no-tool-name-collision on the Claude Agent SDK', collisionRule, {
  valid: [{ name: "two servers' search under two keys, one server under two keys", code: twoKeys }],
  invalid: [
    {
      name: 'createSdkMcpServer throws on a second tool of a name (one tool object listed twice too)',
      code: duplicate,
      errors: [
        { messageId: 'mcpDuplicateRegistration', data: { server: '"orders"', name: 'lookup_order' }, ...loc(duplicate, "'lookup_order'", 2) },
        { messageId: 'mcpDuplicateRegistration', data: { server: '"again"', name: 'lookup_order' }, ...loc(duplicate, 'lookup', 6) },
      ],
    },
  ],
});

const AVAILABLE = '"mcp__docs__search", "mcp__docs__get_article"';

runCases('required-function-name-known on the Claude Agent SDK', referenceRule, {
  valid: [{ name: 'no allowedTools', code: twoKeys }],
  invalid: [
    {
      name: 'allowedTools and disallowedTools entries for a configured key name no tool of it (built-ins, wildcards, server-wide entries, unknown servers are not checked)',
      code: app,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'allowedTools', name: 'mcp__docs__get_articles', set: 'the tools of this call', available: AVAILABLE, effect: 'it auto-allows nothing, so the tool meant still asks for permission' },
          ...loc(app, "'mcp__docs__get_articles'"),
        },
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'disallowedTools', name: 'mcp__docs__delete', set: 'the tools of this call', available: AVAILABLE, effect: 'it blocks nothing, so the tool meant stays available to the model' },
          ...loc(app, "'mcp__docs__delete'"),
        },
      ],
    },
  ],
});

runCases('valid-tool-name on the Claude Agent SDK', nameRule, {
  valid: [{ name: 'short keys', code: twoKeys }],
  invalid: [
    {
      name: 'a long mcpServers key pushes mcp__<key>__<tool> past the 64 characters of the Anthropic API',
      code: longKey,
      errors: [
        {
          messageId: 'invalidToolName',
          data: {
            what: 'Tool',
            name: 'mcp__customer_support_knowledge_base_archive_2024_q4_v2__get_article',
            provider: "the Anthropic API's tool-name pattern (Claude Agent SDK)",
            reason: 'it is 68 characters long; the limit is 64',
          },
          ...loc(longKey, 'customer_support_knowledge_base_archive_2024_q4_v2'),
        },
      ],
    },
  ],
});

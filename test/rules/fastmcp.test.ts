// The identity rules on fastmcp servers, one file each case, as its users write them: tools as
// objects given to `server.addTool({...})` and `server.addTools([...])`. `addTool` replaces a tool
// of the name silently; two of one name in one `addTools` call are both listed. Cross-module cases
// are in fixtures/frameworks/fastmcp (test/rules/integration.test.ts).
import collisionRule from '../../rules/no-tool-name-collision.js';
import nameRule from '../../rules/valid-tool-name.js';
import { loc, runCases } from './testers.js';

const replaced = `import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'handbook', version: '1.0.0' });

server.addTool({ name: 'search', description: 'Search pages.', parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });
const ticketSearch = { name: 'search', description: 'Search tickets.', parameters: z.object({ q: z.string() }), execute: async ({ q }: { q: string }) => q };
server.addTool(ticketSearch);
`;

const listedTwice = `import { FastMCP } from 'fastmcp';

const server = new FastMCP({ name: 'handbook', version: '1.0.0' });

const tools = [
  { name: 'list_spaces', description: 'All spaces.', execute: async () => 'a' },
  { name: 'whats_new', description: 'Recent pages.', execute: async () => 'b' },
  { name: 'list_spaces', description: 'Pages of a space.', execute: async () => 'c' },
];
server.addTools(tools);
`;

const typedParameter = `import type { FastMCP } from 'fastmcp';

export function addTicketTools(server: FastMCP): void {
  server.addTool({ name: 'open_ticket', description: 'Open a ticket.', execute: async () => 'opened' });
  server.addTools([{ name: 'open_ticket', description: 'Open an urgent ticket.', execute: async () => 'urgent' }]);
}
`;

const fine = `import { FastMCP } from 'fastmcp';

const docs = new FastMCP({ name: 'docs', version: '1.0.0' });
const admin = new FastMCP({ name: 'admin', version: '1.0.0' });

docs.addTool({ name: 'search', description: 'Search.', execute: async () => 'docs' });
admin.addTool({ name: 'search', description: 'Search drafts too.', execute: async () => 'admin' });
docs.addPrompt({ name: 'search', description: 'Ask.', load: async () => 'q' });
if (process.env.JIRA) docs.addTool({ name: 'ticket', description: 'Jira.', execute: async () => 'j' });
else docs.addTool({ name: 'ticket', description: 'Tickets.', execute: async () => 't' });
for (const space of ['eng', 'people']) docs.addTool({ name: \`search_\${space}\`, description: space, execute: async () => space });
docs.addTools([{ name: 'a', description: 'a', execute: async () => 'a' }, { name: 'b', description: 'b', execute: async () => 'b' }]);
`;

const badName = `import { FastMCP } from 'fastmcp';

const server = new FastMCP({ name: 'admin', version: '1.0.0' });
server.addTool({ name: 'reindex space', description: 'Reindex.', execute: async () => 'ok' });
`;

runCases('no-tool-name-collision on fastmcp', collisionRule, {
  valid: [{ name: 'two servers, a prompt, exclusive branches, dynamic names, unique names in one addTools', code: fine }],
  invalid: [
    {
      name: 'addTool of a name the server has (inline, then a const object) replaces the first silently',
      code: replaced,
      errors: [{ messageId: 'mcpReplacedRegistration', data: { server: '"handbook"', name: 'search' }, ...loc(replaced, "'search'", 2) }],
    },
    {
      name: 'two elements of one name in one addTools call (a const array) are both listed',
      code: listedTwice,
      errors: [{ messageId: 'mcpDuplicateListing', data: { server: '"handbook"', name: 'list_spaces' }, ...loc(listedTwice, "'list_spaces'", 2) }],
    },
    {
      name: 'on a parameter typed FastMCP: addTools replaces what addTool added',
      code: typedParameter,
      errors: [{ messageId: 'mcpReplacedRegistration', data: { server: 'instance', name: 'open_ticket' }, ...loc(typedParameter, "'open_ticket'", 2) }],
    },
  ],
});

runCases('valid-tool-name on fastmcp', nameRule, {
  valid: [{ name: 'names in the MCP pattern', code: fine }],
  invalid: [
    {
      name: 'a space is outside the MCP pattern (fastmcp sends it as written)',
      code: badName,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'reindex space', provider: "the MCP specification's tool-name pattern", reason: 'it contains " "; only letters, digits, "_", "-" and "." are allowed' },
          ...loc(badName, "'reindex space'"),
        },
      ],
    },
  ],
});

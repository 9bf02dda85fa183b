// MCP servers reached through what holds them (issue 21 item 2): a field of an object made by a
// class of the file (`this.host.server`, `host.server`), and a property of a parameter
// (`ctx.server.registerTool(...)`) whose callers pass an object holding a server. Cross-module
// cases are in fixtures/projects/mcp-classes (src/drafts.ts).
import collisionRule from '../../rules/no-tool-name-collision.js';
import { loc, runCases } from './testers.js';

const hostField = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

class Host {
  server = new McpServer({ name: 'drafts', version: '1.0.0' });
}

export class Editor {
  private host = new Host();

  start(): void {
    this.host.server.tool('save_draft', async () => ({ content: [] }));
    this.host.server.tool('save_draft', async () => ({ content: [] }));
  }
}
`;

const contextParameter = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

interface Ctx {
  server: McpServer;
}

function registerReview(ctx: Ctx): void {
  ctx.server.registerTool('approve', {}, async () => ({ content: [] }));
}

const app = { server: new McpServer({ name: 'review', version: '1.0.0' }) };
app.server.registerTool('approve', {}, async () => ({ content: [] }));
registerReview(app);
`;

const fine = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

class DocsHost {
  server = new McpServer({ name: 'docs', version: '1.0.0' });
}
class AdminHost {
  server = new McpServer({ name: 'admin', version: '1.0.0' });
}
class Swapping {
  server = new McpServer({ name: 'a', version: '1.0.0' });
  reset(): void {
    this.server = new McpServer({ name: 'b', version: '1.0.0' });
  }
}

const docs = new DocsHost();
const admin = new AdminHost();
docs.server.tool('search', async () => ({ content: [] }));
admin.server.tool('search', async () => ({ content: [] }));
const swapping = new Swapping();
swapping.server.tool('search', async () => ({ content: [] }));
swapping.server.tool('search', async () => ({ content: [] }));

function register(ctx: { server: McpServer }): void {
  ctx.server.registerTool('ping', {}, async () => ({ content: [] }));
}
register({ server: docs.server });
register(admin);
`;

runCases('no-tool-name-collision on servers held by other objects', collisionRule, {
  valid: [{ name: 'two host classes, a field set twice (not followed), a context per server', code: fine }],
  invalid: [
    {
      name: 'this.host.server: the field of an in-file class instance held in a field',
      code: hostField,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: '"drafts"', name: 'save_draft' }, ...loc(hostField, "'save_draft'", 2) }],
    },
    {
      name: 'ctx.server on a parameter: the server of the object the caller passes',
      code: contextParameter,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: '"review"', name: 'approve' }, ...loc(contextParameter, "'approve'", 1) }],
    },
  ],
});

// How an exposure set is named in messages, and how it is named in finding keys. Labels are
// English and may be reworded; keys are structure (kind and name) so fingerprints survive that.
import type { ResolvedExposureSet } from '../facts/resolved.js';

export function setLabel(set: Pick<ResolvedExposureSet, 'kind' | 'name' | 'title' | 'holder' | 'toolsShape'>): string {
  if (set.title !== undefined) return set.title;
  switch (set.kind) {
    case 'agent':
      // An agent without a name is called what the code calls it: the variable that holds it.
      if (set.name === undefined) return set.holder === undefined ? 'agent' : `agent \`${set.holder}\``;
      return `agent "${set.name}"`;
    case 'call':
      return 'the tools of this call';
    case 'add-tools':
      return 'addTools() call';
    case 'toolkit':
      return set.toolsShape === 'record' ? 'this record of tools' : 'this list of tools';
    case 'mcp-server':
      return set.name === undefined ? 'MCP server' : `MCP server "${set.name}"`;
  }
}

/** The set's part of a finding key: kind and static name, no wording. */
export function setKey(set: Pick<ResolvedExposureSet, 'kind' | 'name' | 'title'>): string {
  return `${set.kind}:${set.name ?? set.title ?? ''}`;
}

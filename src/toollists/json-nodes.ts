// Small readers over jsonc-parser's syntax tree, and JSON paths for messages ($.tools[2].name).
import type { Node } from 'jsonc-parser';

/** The properties of an object node as [key, key node, value node]; empty for anything else. */
export function properties(node: Node | undefined): Array<[string, Node, Node]> {
  if (node?.type !== 'object') return [];
  const out: Array<[string, Node, Node]> = [];
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.type === 'string' && typeof key.value === 'string' && value) out.push([key.value, key, value]);
  }
  return out;
}

/** The value of `key` (the last one, as JSON.parse keeps it). */
export function property(node: Node | undefined, key: string): Node | undefined {
  return properties(node).findLast(([name]) => name === key)?.[2];
}

export function keyNode(node: Node | undefined, key: string): Node | undefined {
  return properties(node).findLast(([name]) => name === key)?.[1];
}

export function has(node: Node | undefined, key: string): boolean {
  return property(node, key) !== undefined;
}

export function stringValue(node: Node | undefined): string | undefined {
  return node?.type === 'string' && typeof node.value === 'string' ? node.value : undefined;
}

export function isObject(node: Node | undefined): node is Node {
  return node?.type === 'object';
}

export function elements(node: Node | undefined): Node[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** A short description of what a node is, for "expected ..., found ..." messages. */
export function describeNode(node: Node): string {
  if (node.type === 'array') return 'an array';
  if (node.type === 'object') return 'an object';
  if (node.type === 'string') return 'a string';
  if (node.type === 'number') return 'a number';
  if (node.type === 'boolean') return 'a boolean';
  return 'null';
}

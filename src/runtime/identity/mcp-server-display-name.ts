// Python's urllib.parse.urlsplit rules, re-implemented only as far as the MCP log name needs:
// which scheme a name has, where its netloc ends, and which netlocs Python refuses.

import { pythonStrip } from './strings.js';

const DISPLAY_PREFIXES = ['sse: ', 'streamable_http: ', 'streamable-http: '] as const;
const INVALID_URL = '<invalid-url>';
const SCHEME_CHARS = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

class InvalidUrl extends Error {}

interface SplitUrl {
  scheme: string;
  netloc: string;
  path: string;
}

/** `urlsplit`: leading C0/space stripped, tab/CR/LF removed, scheme lower-cased. */
function splitUrl(input: string): SplitUrl {
  // eslint-disable-next-line no-control-regex
  let rest = input.replace(/^[\x00-\x20]+/u, '').replace(/[\t\r\n]/gu, '');
  let scheme = '';
  const colon = rest.indexOf(':');
  if (colon > 0 && SCHEME_CHARS.test(rest.slice(0, colon))) {
    scheme = rest.slice(0, colon).toLowerCase();
    rest = rest.slice(colon + 1);
  }
  let netloc = '';
  if (rest.startsWith('//')) {
    const ends = ['/', '?', '#'].map((c) => rest.indexOf(c, 2)).filter((i) => i >= 0);
    const end = ends.length > 0 ? Math.min(...ends) : rest.length;
    netloc = rest.slice(2, end);
    rest = rest.slice(end);
  }
  const path = rest.split('#', 1)[0]?.split('?', 1)[0] ?? '';
  return { scheme, netloc, path };
}

function isIpv6(text: string): boolean {
  const [address = '', zone] = text.split(/%(.*)/su, 2);
  if (zone !== undefined && (zone.length === 0 || zone.includes('%'))) {
    return false;
  }
  const halves = address.split('::');
  if (halves.length > 2) {
    return false;
  }
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  let count = 0;
  for (const [halfIndex, half] of groups.entries()) {
    for (const [index, group] of half.entries()) {
      const isLast = halfIndex === groups.length - 1 && index === half.length - 1;
      if (isLast && IPV4.test(group)) {
        count += 2;
      } else if (HEX_GROUP.test(group)) {
        count += 1;
      } else {
        return false;
      }
    }
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** Python's netloc checks: balanced brackets, a valid bracketed host, NFKC-safe characters. */
function checkNetloc(netloc: string): void {
  const open = netloc.includes('[');
  if (open !== netloc.includes(']')) {
    throw new InvalidUrl();
  }
  if (open) {
    const bracketed = netloc.slice(netloc.indexOf('[') + 1).split(']', 1)[0] ?? '';
    const valid = bracketed.startsWith('v') ? /^v[0-9A-Fa-f]+\..+$/su.test(bracketed) : isIpv6(bracketed);
    if (!valid) {
      throw new InvalidUrl();
    }
  }
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/u.test(netloc)) {
    return;
  }
  const stripped = netloc.replace(/[@:#?]/gu, '');
  const normalized = stripped.normalize('NFKC');
  if (normalized !== stripped && /[/?#@:]/u.test(normalized)) {
    throw new InvalidUrl();
  }
}

/** `SplitResult.hostname` and `.port`; throws where Python raises ValueError. */
function hostAndPort(netloc: string): { host: string | undefined; port: number | undefined } {
  const hostinfo = netloc.slice(netloc.lastIndexOf('@') + 1);
  let host: string;
  let port: string;
  const bracket = hostinfo.indexOf('[');
  if (bracket >= 0) {
    const inner = hostinfo.slice(bracket + 1);
    const close = inner.indexOf(']');
    host = close >= 0 ? inner.slice(0, close) : inner;
    const after = close >= 0 ? inner.slice(close + 1) : '';
    const portColon = after.indexOf(':');
    port = portColon >= 0 ? after.slice(portColon + 1) : '';
  } else {
    const portColon = hostinfo.indexOf(':');
    host = portColon >= 0 ? hostinfo.slice(0, portColon) : hostinfo;
    port = portColon >= 0 ? hostinfo.slice(portColon + 1) : '';
  }
  let portNumber: number | undefined;
  if (port !== '') {
    if (!/^[0-9]+$/u.test(port)) {
      throw new InvalidUrl();
    }
    portNumber = Number.parseInt(port, 10);
    if (portNumber > 65535) {
      throw new InvalidUrl();
    }
  }
  if (host === '') {
    return { host: undefined, port: portNumber };
  }
  const zoneAt = host.indexOf('%');
  const lowered = zoneAt >= 0 ? host.slice(0, zoneAt).toLowerCase() + host.slice(zoneAt) : host.toLowerCase();
  return { host: lowered, port: portNumber };
}

/**
 * Log-safe display name of an MCP server, as Python's `get_mcp_server_log_name`
 * (runtime-identity.md (d)): strips one of the `sse: `, `streamable_http: `,
 * `streamable-http: ` prefixes; an http(s) URL is rebuilt as `scheme://host[:port]path`,
 * dropping credentials, query and fragment so secrets never reach tool names or logs (host
 * lower-cased, IPv6 bracketed, an explicit port kept even when it is the default); an http(s)
 * URL Python cannot parse, or whose host is empty or blank, becomes `prefix + "<invalid-url>"`;
 * any other name is returned unchanged. Undefined for a non-string.
 */
export function mcpServerDisplayName(serverName: string): string;
export function mcpServerDisplayName(serverName: unknown): string | undefined;
export function mcpServerDisplayName(serverName: unknown): string | undefined {
  if (typeof serverName !== 'string') {
    return undefined;
  }
  const prefix = DISPLAY_PREFIXES.find((candidate) => serverName.startsWith(candidate)) ?? '';
  const split = splitUrl(serverName.slice(prefix.length));
  if (split.scheme !== 'http' && split.scheme !== 'https') {
    return serverName;
  }
  try {
    checkNetloc(split.netloc);
    const { host, port } = hostAndPort(split.netloc);
    if (host === undefined || pythonStrip(host) === '') {
      return prefix + INVALID_URL;
    }
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const shownPort = port === undefined ? '' : `:${port}`;
    return `${prefix}${split.scheme}://${shownHost}${shownPort}${split.path}`;
  } catch (error) {
    if (error instanceof InvalidUrl) {
      return prefix + INVALID_URL;
    }
    throw error;
  }
}

// Argument parsing and validation. Zod schemas get full validation (safeParse); plain JSON schemas get a
// deliberately small check (object shape, `required`, top-level `type`, `additionalProperties: false`),
// because the runtime ships no JSON-schema validator. Use zod for anything stricter.
import type { FunctionTool } from './define-tool.js';
import { ArgumentParsingError } from './errors.js';

/** Parses the model's argument string into a JSON object; an empty string means no arguments. */
export function parseArgumentsJson(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string') throw new ArgumentParsingError('arguments must be a JSON string');
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new ArgumentParsingError(`arguments are not valid JSON: ${(error as Error).message}`);
  }
  if (!isJsonObject(parsed)) throw new ArgumentParsingError('arguments must be a JSON object');
  return parsed;
}

/** Returns the value `execute` receives (zod output for zod tools, the object itself otherwise). */
export function validateArguments(tool: FunctionTool, args: Record<string, unknown>): unknown {
  if (tool.argumentsSchema !== undefined) {
    const outcome = tool.argumentsSchema.safeParse(args);
    if (!outcome.success) throw new ArgumentParsingError(outcome.error.message);
    return outcome.data;
  }
  checkJsonSchemaSubset(tool.parameters, args);
  return args;
}

function checkJsonSchemaSubset(schema: { readonly [key: string]: unknown }, args: Record<string, unknown>): void {
  if (schema['type'] !== undefined && schema['type'] !== 'object') return;
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  for (const key of required) {
    if (typeof key === 'string' && !Object.prototype.hasOwnProperty.call(args, key)) {
      throw new ArgumentParsingError(`missing required argument "${key}"`);
    }
  }
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  for (const [key, value] of Object.entries(args)) {
    const property = properties[key];
    if (property === undefined) {
      if (schema['additionalProperties'] === false) {
        throw new ArgumentParsingError(`unexpected argument "${key}"`);
      }
      continue;
    }
    if (isJsonObject(property) && !matchesType(property['type'], value)) {
      throw new ArgumentParsingError(`argument "${key}" does not match type ${JSON.stringify(property['type'])}`);
    }
  }
}

function matchesType(type: unknown, value: unknown): boolean {
  if (Array.isArray(type)) return type.some((entry) => matchesType(entry, value));
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isJsonObject(value);
    default:
      // No type, or one this subset does not know: accept rather than reject valid calls.
      return true;
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

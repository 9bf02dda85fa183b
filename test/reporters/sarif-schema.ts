// The official SARIF 2.1.0 JSON schema (draft-04), shipped inside @microsoft/jest-sarif, compiled with
// ajv-draft-04. Formats are checked, not ignored: `uri` must be absolute, `uri-reference` may be relative.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import AjvModule from 'ajv-draft-04';

const require = createRequire(import.meta.url);
const schemaPath = join(dirname(require.resolve('@microsoft/jest-sarif/package.json')), 'lib/schemas/sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;

function isUri(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

function isUriReference(value: string): boolean {
  try {
    new URL(value, 'file:///base/');
    return !/\s/.test(value);
  } catch {
    return false;
  }
}

// ajv-draft-04 is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const Ajv = AjvModule.default;
// unicodeRegExp off: the schema's `language` pattern (`...]?$`) is invalid under the `u` flag.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
ajv.addFormat('uri', isUri);
ajv.addFormat('uri-reference', isUriReference);
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value));

export const validateSarif = ajv.compile(schema);

/** Validation errors as readable lines (empty when valid), so a failing test shows what broke. */
export function sarifSchemaErrors(log: unknown): string[] {
  return validateSarif(log) ? [] : (validateSarif.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

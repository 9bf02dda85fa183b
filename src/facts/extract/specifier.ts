// The package an import specifier names. Deno writes npm packages as `npm:<name>[@<version>][/<path>]`
// (`npm:@scope/pkg@1.12.0/server/index.js`): the same module as the bare specifier
// `@scope/pkg/server/index.js` for every adapter and for the linker.
const NPM = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/;

export function packageSpecifier(specifier: string): string {
  if (!specifier.startsWith('npm:')) return specifier;
  const match = NPM.exec(specifier);
  return match ? `${match[1]!}${match[2] ?? ''}` : specifier;
}

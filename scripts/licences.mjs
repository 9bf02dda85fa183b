// The licence notices a bundle ships next to it: the packages whose code it holds.
import fs from 'node:fs';
import path from 'node:path';

/** The notices of the packages whose modules `ids` holds (name, version, licence and its text), headed by `title`. */
export function licences(title, ids) {
  const packages = new Map();
  for (const id of ids) {
    const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
    if (match && !packages.has(match[1])) packages.set(match[1], JSON.parse(fs.readFileSync(path.join(match[1], 'package.json'), 'utf8')));
  }
  const parts = [...packages].sort(([, a], [, b]) => a.name.localeCompare(b.name)).map(([dir, pkg]) => {
    const file = fs.readdirSync(dir).find((name) => /^licen[cs]e/i.test(name));
    if (!file) throw new Error(`${pkg.name}: no licence file to bundle with its code`);
    return `${pkg.name} ${pkg.version} (${pkg.license})\n\n${fs.readFileSync(path.join(dir, file), 'utf8').trim()}\n`;
  });
  return `${title} holds code of these packages.\n\n${parts.join('\n---\n\n')}`;
}

// Writes one corpus to a directory, for looking at or for running tools on by hand:
//   node <out>/corpus/cli.js <dir> [--files 1000] [--seed 12]
import path from 'node:path';
import { DEFAULT_SEED, generateCorpus } from './generate.js';
import { writeCorpus } from './write.js';

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const dir = argv[0];
if (dir === undefined || dir.startsWith('--')) throw new Error('usage: cli.js <dir> [--files N] [--seed S]');
const corpus = generateCorpus(Number(flag('--files') ?? 1000), { seed: Number(flag('--seed') ?? DEFAULT_SEED) });
writeCorpus(path.resolve(dir), corpus, process.cwd());
console.log(`${corpus.sources.length} source files (${corpus.ordinary.length} ordinary, ${corpus.toolModules.length} tool modules), ${corpus.expectedCollisions.length} planted collisions in ${dir}`);

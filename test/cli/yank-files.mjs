// Preloaded with `node --import` by test/cli/hostile.test.ts: when the file TIA_YANK_TRIGGER is
// first read, TIA_YANK_DELETE is deleted and TIA_YANK_LOCK is made unreadable, so both happen after
// discovery listed them and before they are read: a file that changes while the run is going, at a
// fixed point instead of a race. Paths are relative to the working directory. The analyzer opens a
// source file with `fs.openSync` on the module object (src/analyzer/read.ts), which this replaces.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const [trigger, victim, locked] = ['TIA_YANK_TRIGGER', 'TIA_YANK_DELETE', 'TIA_YANK_LOCK'].map((name) => path.resolve(process.env[name] ?? ''));
const openSync = fs.openSync;
let fired = false;

fs.openSync = function yankingOpenSync(file, ...rest) {
  const abs = typeof file === 'string' ? path.resolve(file) : undefined;
  if (!fired && abs === trigger) {
    fired = true;
    fs.unlinkSync(victim);
    fs.chmodSync(locked, 0o000);
  }
  // The superuser reads files whatever their mode: deny it as the kernel denies anyone else.
  if (abs === locked && process.getuid?.() === 0 && (fs.statSync(locked).mode & 0o777) === 0) {
    throw Object.assign(new Error(`EACCES: permission denied, open '${locked}'`), { code: 'EACCES', errno: -13, syscall: 'open', path: locked });
  }
  return openSync.call(this, file, ...rest);
};

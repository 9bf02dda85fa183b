// When a file's modification time vouches for the bytes a run read. A write in the same tick of
// the filesystem's clock as the run's read leaves the time (and, at the same length, the size) as
// the run saw them, so a time vouches only when it is older than the run's start by more than a
// tick (git calls the other entries racy). The tick shows in the value: filesystems that keep
// whole seconds (HFS+, ext3, many network and FUSE mounts; FAT keeps two) give whole seconds; the
// others give finer times from a clock that lags the system's by up to a scheduler tick (10 ms on
// Linux at HZ=100, 15.6 ms on Windows).
const COARSE_SLACK_MS = 2000;
const FINE_SLACK_MS = 50;

/** Same time and size as `mtimeMs` had, seen by a run that started at `recordedAt`: the same bytes. */
export function timeVouches(mtimeMs: number, recordedAt: number): boolean {
  return mtimeMs < recordedAt - (mtimeMs % 1000 === 0 ? COARSE_SLACK_MS : FINE_SLACK_MS);
}

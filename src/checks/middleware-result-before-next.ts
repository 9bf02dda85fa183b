// middleware-result-before-next: in function middleware, `ctx.result = ...` that a later `next()`
// (awaited, returned or not) may overwrite, on some path through the body: the same block, or
// across if/else, switch, try and loops. A result set on a path that then returns is never
// reported; an assignment after next() takes the earlier ones back (the last write wins).
import type { MiddlewareFact, MiddlewareStep, Span } from '../facts/types.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';

const RULE = 'middleware-result-before-next';

export function checkMiddlewareResultBeforeNext(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const middleware of facts.middleware) {
      for (const span of resultsBeforeNext(middleware)) {
        findings.push(makeFinding(RULE, 'resultBeforeNext', { at: { file: facts.file, span }, data: {}, key: 'resultBeforeNext' }));
      }
    }
  }
  return findings;
}

/**
 * What may hold at a point of the body: result assignments no `next()` has run after yet
 * (`pending`), those a `next()` has overwritten (`overwritten`, reported unless set again), and
 * whether the point is reached at all.
 */
interface FlowState {
  live: boolean;
  pending: Span[];
  overwritten: Span[];
}

const dead: FlowState = { live: false, pending: [], overwritten: [] };

function join(states: readonly FlowState[]): FlowState {
  const live = states.filter((s) => s.live);
  if (live.length === 0) return dead;
  return { live: true, pending: unique(live.flatMap((s) => s.pending)), overwritten: unique(live.flatMap((s) => s.overwritten)) };
}

function unique(spans: Span[]): Span[] {
  return [...new Set(spans)];
}

/** Result assignments that a later `next()` may overwrite on some path with no assignment after it. */
export function resultsBeforeNext(middleware: MiddlewareFact): Span[] {
  const reported = new Set<Span>();
  const run = (steps: readonly MiddlewareStep[], start: FlowState): FlowState => {
    let state = start;
    for (const step of steps) {
      if (!state.live) return dead;
      switch (step.kind) {
        case 'result':
          for (const span of state.overwritten) reported.delete(span);
          state = { live: true, pending: [step.span], overwritten: [] };
          break;
        case 'next':
          for (const span of state.pending) reported.add(span);
          state = step.exits ? dead : { live: true, pending: [], overwritten: state.pending };
          break;
        case 'exit':
          state = dead;
          break;
        case 'branch': {
          const ends = step.arms.map((arm) => run(arm, state));
          state = join(step.exhaustive ? ends : [...ends, state]);
          break;
        }
        case 'try': {
          const afterBlock = run(step.block, state);
          // The handler may start anywhere in the block: before it, or after it.
          const afterHandler = step.handler ? run(step.handler, join([state, afterBlock])) : dead;
          const after = join([afterBlock, afterHandler]);
          state = step.finalizer ? run(step.finalizer, after) : after;
          break;
        }
        case 'loop':
          state = join([state, run(step.body, state)]);
          break;
      }
    }
    return state;
  };
  run(middleware.steps, { live: true, pending: [], overwritten: [] });
  return [...reported].sort((a, b) => a.start - b.start);
}

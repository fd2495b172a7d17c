import type { Clock } from '../src/lib/clock';

/** A clock that moves only when told to. */
export function createTestClock(start = new Date('2026-11-22T12:00:00Z')) {
  let current = start.getTime();
  const clock: Clock & { advance: (ms: number) => void; set: (date: Date) => void } = {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
  return clock;
}

/** The source of the current time, replaceable in tests. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

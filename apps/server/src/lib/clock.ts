/** The time source of the app; tests pass a fake one to move through throttling windows and expiries. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

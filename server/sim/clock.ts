/** The simulator's clock: real time plus an offset QA can move (token expiry, SMS codes, locks). */
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): number {
    this.offsetMs += ms;
    return this.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }
}

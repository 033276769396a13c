/**
 * The simulator's clock: real time plus an offset QA can move (token expiry, SMS codes, locks). The
 * offset is the world's `clock` record (server/sim/store/kernel-tables.ts).
 */
import { CLOCK } from './store/kernel-tables';
import type { RowOf } from './store/schema';
import { Record1, type WorldDb } from './store/table';

export class Clock {
  private readonly record: Record1<RowOf<typeof CLOCK>>;

  constructor(db: WorldDb) {
    this.record = new Record1(db.table(CLOCK));
  }

  now(): number {
    return Date.now() + (this.record.get()?.offsetMs ?? 0);
  }

  advance(ms: number): number {
    this.record.put({ offsetMs: this.offset + ms });
    return this.now();
  }

  reset(): void {
    if (this.offset !== 0) this.record.put({ offsetMs: 0 });
  }

  get offset(): number {
    return this.record.get()?.offsetMs ?? 0;
  }
}

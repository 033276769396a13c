/**
 * The maintenance window: what the status call and the 503 of every other call say
 * about when the portal is back.
 */
import type { Sim } from './state';

/** The shortest window shown: an hour. */
export const MIN_MAINTENANCE_MS = 3_600_000;

type Maintenance = Sim['world']['brand']['maintenance'];

/**
 * The brand's window when the world's clock is inside it; otherwise one of the same length that
 * started on the hour the world's clock is in, so the expected end is never in the
 * past while the portal is down. The control API's status switch anchors it at the switch itself
 * (`startMaintenance`).
 */
export function maintenanceWindow(sim: Sim): Maintenance {
  const maintenance = sim.world.brand.maintenance;
  const now = sim.now();
  return covers(maintenance, now) ? maintenance : startingAt(maintenance, now - (now % MIN_MAINTENANCE_MS));
}

/** Maintenance begins now (the control API's switch): the world's window starts at this instant. */
export function startMaintenance(sim: Sim): void {
  const now = sim.now();
  const { maintenance } = sim.world.brand;
  // Written through the world's record: committed under --state, undone by a rewind.
  if (!covers(maintenance, now)) sim.editWorld().brand.maintenance = startingAt(maintenance, now);
}

const covers = (m: Maintenance, now: number) => m.startTime <= now && now < m.endTime;

/** The same window (at least an hour long) moved to start at `startTime`. */
function startingAt(m: Maintenance, startTime: number): Maintenance {
  return { ...m, startTime, endTime: startTime + Math.max(MIN_MAINTENANCE_MS, m.endTime - m.startTime) };
}

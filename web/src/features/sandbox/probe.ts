/**
 * Is the QA control API there (simulator mode)? The sandbox bar talks to `/__sim`, outside the
 * gateway contract, so it is the one place that uses fetch directly (design.md: simulator only).
 */
export async function hasControlApi(): Promise<boolean> {
  try {
    const response = await fetch('/__sim/state', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (response.ok && response.headers.get('content-type')?.includes('json')) return true;
    const doc = await fetch('/__sim/openapi.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    return doc.ok && !!doc.headers.get('content-type')?.includes('json');
  } catch {
    return false;
  }
}

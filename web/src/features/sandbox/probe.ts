/**
 * Is the QA control API there (simulator mode)? The sandbox bar talks to `/__sim`, outside the
 * gateway contract, so it is the one place that uses fetch directly (simulator mode only).
 */
export async function hasControlApi(): Promise<boolean> {
  try {
    const response = await fetch('/__sim/state', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    // 401: a simulator started with a control token (ADR 023); the bar asks for it on its first call.
    if ((response.ok || response.status === 401) && response.headers.get('content-type')?.includes('json')) return true;
    const doc = await fetch('/__sim/openapi.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    return doc.ok && !!doc.headers.get('content-type')?.includes('json');
  } catch {
    return false;
  }
}

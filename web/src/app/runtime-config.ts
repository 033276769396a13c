/**
 * Runtime configuration from `/config.json` ({ merchant, gatewayUrl, brand }): one build can serve
 * several brands. Missing or broken config falls back to the defaults.
 */
export interface RuntimeConfig {
  merchant: string;
  gatewayUrl: string;
  brand: string;
}

export const DEFAULT_CONFIG: RuntimeConfig = { merchant: 'DEMO', gatewayUrl: '', brand: 'Lucky Lotus' };

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    // Plain GET, as index.html's preload asks for it, so the preloaded answer is the one used. The
    // server revalidates config.json on every visit (no-cache), so a changed config is seen at once.
    const response = await fetch('/config.json');
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return DEFAULT_CONFIG;
    const raw = (await response.json()) as Partial<Record<keyof RuntimeConfig, unknown>>;
    return {
      merchant: typeof raw.merchant === 'string' && raw.merchant ? raw.merchant : DEFAULT_CONFIG.merchant,
      gatewayUrl: typeof raw.gatewayUrl === 'string' ? raw.gatewayUrl : DEFAULT_CONFIG.gatewayUrl,
      brand: typeof raw.brand === 'string' && raw.brand ? raw.brand : DEFAULT_CONFIG.brand,
    };
  } catch {
    return DEFAULT_CONFIG;
  }
}

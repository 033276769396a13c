/**
 * Where the session lives: token and isAgent in sessionStorage, the merchant code kept
 * across logout. A password is never stored here or anywhere else.
 */
const TOKEN = 'token';
const IS_AGENT = 'isAgent';
const MERCHANT = 'merchantCode';

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN),
  isAgent: (): number | null => {
    const v = sessionStorage.getItem(IS_AGENT);
    return v === null ? null : Number(v);
  },
  merchant: (): string | null => sessionStorage.getItem(MERCHANT),
  setMerchant(code: string): void {
    sessionStorage.setItem(MERCHANT, code);
  },
  start(token: string, isAgent: number): void {
    sessionStorage.setItem(TOKEN, token);
    sessionStorage.setItem(IS_AGENT, String(isAgent));
    emit();
  },
  /** Logout: the session is cleared, the merchant code kept. */
  clear(): void {
    const merchant = sessionStorage.getItem(MERCHANT);
    sessionStorage.clear();
    if (merchant) sessionStorage.setItem(MERCHANT, merchant);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

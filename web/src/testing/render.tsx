/**
 * Component tests (Vitest + Testing Library under happy-dom): render a component inside the app's
 * providers (i18next in English, a fresh React Query client seeded with the bootstrap data, a
 * memory router, the session) without a server. Data a test does not seed is never fetched from a
 * network: with blockNetwork, `fetch` fails at once, so a forgotten seed shows as a failing test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, vi } from 'vitest';
import { DEFAULT_REGISTER_RULES, type FieldRule } from '../../../openapi/field-rules';
import { countryCodesQuery, registerSettingsQuery } from '../api/queries/account';
import { permissionQuery } from '../api/queries/system';
import type { Permission } from '../api/types';
import { AuthProvider } from '../session/auth';
import { ui } from '../session/ui-store';
import { DialogHost, dismissAllDialogs } from '../ui/dialog';
import { setupDomTests } from './setup';

/** Call once at the top of a component test file of a feature: setupDomTests plus the app's stores. */
export function setupComponentTests(): void {
  setupDomTests();
  afterEach(() => {
    // Dialogs and the modal store are module state: one test's success dialog must not cover the next.
    dismissAllDialogs();
    ui.reset();
    sessionStorage.clear();
  });
}

/** Whitelabel flags as the permission call names them; every other flag is off. */
export type Flags = Partial<Record<string, boolean>>;

function permission(flags: Flags, registerRules: readonly FieldRule[]): Permission {
  const node = (modId: string) => ({ modId, name: modId, enabled: flags[modId] ?? false, childrenNodes: [] });
  return {
    merchantCode: 'TEST',
    merchantId: 1,
    brandName: 'Lucky Lotus',
    theme: 'light',
    currencySymbol: '$',
    currency: 'USD',
    languages: ['EN', 'UR'],
    defaultLanguage: 'EN',
    loginBeforeHome: false,
    whitelabel: Object.keys(flags).map(node),
    registerRules: [...registerRules],
    resources: [],
    customerService: { csType: 1, path: '' },
    gtagId: '',
    imageCDNs: [],
    launchGameCDNs: [],
    location: { ip: '127.0.0.1', country: 'PK' },
    maintenance: false,
    regionRestriction: false,
    social: {},
    footer: { infoGroups: [], paymentLogos: [], licence: '', company: '', copyright: '' },
    prizeModes: [],
    esportsVendors: [],
  };
}

export interface RenderOptions {
  flags?: Flags;
  rules?: readonly FieldRule[];
  captchaEnabled?: boolean;
  smsVerification?: boolean;
  route?: string;
}

export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const rules = options.rules ?? DEFAULT_REGISTER_RULES;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(permissionQuery.queryKey, permission(options.flags ?? {}, rules));
  queryClient.setQueryData(registerSettingsQuery.queryKey, {
    rules: [...rules],
    captchaEnabled: options.captchaEnabled ?? false,
    smsVerification: options.smsVerification ?? false,
    firebaseSms: false,
    defaultCountryDialingCode: '+92',
  });
  queryClient.setQueryData(countryCodesQuery.queryKey, [
    { countryCode: 'PK', countryDialingCode: '+92', name: 'Pakistan' },
    { countryCode: 'VN', countryDialingCode: '+84', name: 'Vietnam' },
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <AuthProvider>
          {children}
          <DialogHost />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}

/** No test reaches a network: an unseeded call fails at once with a network error. */
export function blockNetwork(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('network blocked in component tests'))),
  );
}

/**
 * A button busy with what it started (ui/busy-button.tsx) keeps the focus: it says it is unavailable
 * (aria-disabled), is not disabled (which would drop the focus to the page), and has the focus.
 */
export function expectBusyWithFocus(button: HTMLElement): void {
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(document.activeElement).toBe(button);
}

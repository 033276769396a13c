/**
 * Setup of a DOM component test file (happy-dom): English texts (every namespace) loaded once, the rendered tree
 * removed after each test, and room for findBy/waitFor on a shared machine. Imports nothing from
 * `app` or `features`, so shared widgets (`ui`) are tested with it alone.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n, loadAllNamespaces } from '../i18n';

let i18nReady: Promise<void> | null = null;

export function setupDomTests(): void {
  // The machine is shared: give findBy/waitFor room beyond the 1 s default.
  configure({ asyncUtilTimeout: 5_000 });
  beforeAll(async () => {
    i18nReady ??= initI18n().then(loadAllNamespaces);
    await i18nReady;
  });
  afterEach(() => {
    cleanup();
  });
}

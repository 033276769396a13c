/**
 * Playwright in real Chromium (Debian's, found by scripts/chromium.ts), against one simulator and web
 * app for the whole run (the web server below). Specs using e2e/fixtures.ts get a world of their own
 * per test on it (ADR 009), so they may switch scenarios, statuses, flags and faults freely.
 */
import { defineConfig, devices } from '@playwright/test';
import { testChromiumPath } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  // Two files at a time on the 2-core machines (Chromium is the cost); tests within a file run in
  // order. Every test has its own world on the one simulator, so workers never share state.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 850 },
    // The lite app's service worker would answer page loads from its cache and hide what a spec
    // routes or patches; only e2e/mobile/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    // Reduced motion, as a11y.spec.ts checks: an infinite animation (the winners marquee, a spinner)
    // is drawn in software by headless Chromium at about a whole core per page, which made the suite
    // wait on the CPU. Specs about motion itself (smooth scrolling of the scroll cues) opt out.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: testChromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Every spec as before, on the desktop viewport above.
    { name: 'desktop', testIgnore: 'mobile/**' },
    // Phones: a 390 × 844 touch screen runs only the mobile journeys.
    { name: 'mobile', testMatch: 'mobile/**/*.spec.ts', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  ],
  webServer: {
    command: `npx tsx scripts/start.ts --port ${PORT} --no-build`,
    url: `http://localhost:${PORT}/wps/system/status`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

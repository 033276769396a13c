/**
 * Runs against a portal that is already running (`npm start` in the portal's repository):
 * SIM_URL, else http://localhost:$PORT (8080). Chromium is Debian's (/usr/bin/chromium) unless
 * CHROMIUM_PATH names another. A simulator started with a control token wants SIM_CONTROL_TOKEN.
 */
import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  // As the portal's own e2e run: on CI a test that failed gets one more try (a busy runner).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.SIM_URL || `http://localhost:${process.env.PORT || '8080'}`,
    viewport: { width: 1366, height: 850 },
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    },
  },
});

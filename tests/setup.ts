/** An unexpected console.error fails the test that caused it (house style). */
import { appendFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, vi } from 'vitest';

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

// COUNT_ASSERTIONS=<file>: each test's file, name and number of assertions, one line each, so a
// restructured file can be compared with its earlier self (ADR 029).
const countTo = process.env.COUNT_ASSERTIONS;

afterEach(() => {
  vi.restoreAllMocks();
  if (countTo) {
    const { testPath, currentTestName, assertionCalls } = expect.getState();
    appendFileSync(countTo, `${(testPath ?? '').replace(/^.*?\/(tests|web|server|openapi)\//, '$1/')}\t${currentTestName ?? ''}\t${assertionCalls}\n`);
  }
  if (errors.length) throw new Error(`console.error was called: ${errors.map((e) => e.map(String).join(' ')).join('\n')}`);
});

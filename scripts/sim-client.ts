/**
 * Typed client of the simulator's QA control API (/__sim): the sandbox kit's (ADR 024), one method
 * per operation of the control document, acting on a world. Used by the CLI (scripts/sim-cli.ts),
 * the e2e fixtures and the tests.
 */
export { SimApiError, SimClient, SimUnreachableError, type SimClientOptions } from '../packages/sandbox-kit/src/client';

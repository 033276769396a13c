/**
 * The gateway's encrypted-call scheme. Its one implementation lives in the sandbox kit
 * (packages/sandbox-kit/src/wire-crypto.ts), which QA projects install; the web client and the
 * simulator import it through this module (docs/decisions/024-sandbox-kit.md).
 */
export * from '../packages/sandbox-kit/src/wire-crypto';

/**
 * @lucky-lotus/sandbox-kit: drive the portal's simulator from a QA project. The control API client
 * (`SimClient`), the gateway's wire helpers (`encryptBody`, `apiLogin`) and the control API's types.
 * The Playwright fixtures are in `@lucky-lotus/sandbox-kit/playwright`; the CLI is the `lotus-sim` bin.
 */
export { SimApiError, SimClient, SimUnreachableError, CONTROL_TOKEN_HEADER, WORLD_HEADER, envControlToken, type SimClientOptions } from './client.js';
export { AGENT, apiLogin, fetchHttp, GATEWAY_HEADERS, loginOverApi, PLAYER, type Account, type GatewayHttp, type Session } from './gateway.js';
export { desDecrypt, desEncrypt, encryptBody, randomKeyString, rsaWrapKey } from './wire-crypto.js';
export { controlOperations, type components, type operations, type paths } from './control-schema.js';
export * from './types.js';

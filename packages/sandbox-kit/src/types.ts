/**
 * The control API's types by name, taken from the generated document types (control-schema.ts,
 * written by the portal's `npm run gen` from GET /__sim/openapi.json): nothing here is written twice.
 */
import type { controlOperations, operations } from './control-schema.js';

/** Every operationId of the control API. */
export type ControlOperationId = keyof typeof controlOperations & keyof operations;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The `value` of an operation's success envelope. */
export type ControlValue<K extends ControlOperationId> =
  JsonOf<operations[K]['responses'] extends { 200: infer R } ? R : never> extends { value: infer V } ? V : never;

/** An operation's query parameters (undefined when it has none). */
export type ControlQuery<K extends ControlOperationId> = operations[K]['parameters'] extends { query?: infer Q } ? Exclude<Q, never> : undefined;

/** An operation's JSON body (undefined when it takes none). */
export type ControlBody<K extends ControlOperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : undefined;

/** An operation's path parameters. */
export type ControlParams<K extends ControlOperationId> = operations[K]['parameters'] extends { path: infer P } ? P : undefined;

export type SimState = ControlValue<'getState'>;
/** A scenario the simulator has (the names autocomplete; another string is refused by the server). */
export type ScenarioName = ControlBody<'setScenario'>['name'] | (string & {});
export type ReplayInfo = NonNullable<SimState['replay']>;
export type ScenarioInfo = ControlValue<'listScenarios'>[number];
export type Flag = ControlValue<'getFlags'>[number];
export type SmsMessage = ControlValue<'getLastSms'>;
export type CaptchaAnswer = ControlValue<'getCaptcha'>;
export type Clock = ControlValue<'advanceClock'>;
export type FaultInput = ControlBody<'addFault'>;
export type Fault = ControlValue<'addFault'>;
export type SnapshotInfo = ControlValue<'takeSnapshot'>;
export type WorldList = ControlValue<'listWorlds'>;
export type WorldInfo = WorldList['worlds'][number];
export type JournalEntry = ControlValue<'getJournal'>[number];
export type JournalQuery = NonNullable<ControlQuery<'getJournal'>>;
export type VerifyInput = ControlBody<'verifyJournal'>;
export type VerifyResult = ControlValue<'verifyJournal'>;
export type SystemStatusCode = SimState['status'];
export type SystemStatusName = SimState['statusName'];

/** Every field a fault body may carry, whichever its shape (what the CLI collects before sending). */
export interface FaultFields {
  method?: string;
  path: string;
  status?: number;
  errorCode?: string;
  message?: string;
  delayMs?: number;
  drop?: boolean;
  times?: number;
}

/** The system status names the control API takes, in code order (0, 1, 2). */
export const SystemStatusNames = ['normal', 'maintenance', 'region-restricted'] as const satisfies readonly SystemStatusName[];

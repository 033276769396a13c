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

type KeysOfUnion<U> = U extends unknown ? keyof U : never;
type ValueInUnion<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** Keys some member of U lacks or leaves optional. */
type OptionalSomewhere<U, All extends PropertyKey> = U extends unknown ? Exclude<All, RequiredKeys<U>> : never;

/**
 * Every field of a union's members as one record: a field every member requires stays required,
 * any other is optional, and its type is the union of the members' types for it.
 */
export type FieldsOfUnion<U> = {
  [K in Exclude<KeysOfUnion<U>, OptionalSomewhere<U, KeysOfUnion<U>>>]: ValueInUnion<U, K>;
} & {
  [K in OptionalSomewhere<U, KeysOfUnion<U>>]?: Exclude<ValueInUnion<U, K>, undefined>;
};

/** Every field a fault body may carry, whichever its shape (what the CLI collects before sending). */
export type FaultFields = FieldsOfUnion<FaultInput>;

/**
 * The system status names the control API takes, in code order (0, 1, 2): a value, so written out
 * here; every name is one of the generated type's, and `allStatusNames` below fails to compile when
 * the type gains a name this list lacks.
 */
export const SystemStatusNames = ['normal', 'maintenance', 'region-restricted'] as const satisfies readonly SystemStatusName[];
const allStatusNames: Exclude<SystemStatusName, (typeof SystemStatusNames)[number]> extends never ? true : never = true;
void allStatusNames;

/**
 * How one call of the contract is written down. Every operation is defined once, here in `openapi/`,
 * and both the OpenAPI document (scripts/gen.ts) and the server routes (server/contract.ts) are built
 * from the same object.
 */
import type { TObject, TSchema } from '@sinclair/typebox';

export type Area =
  | 'session'
  | 'member'
  | 'system'
  | 'verification'
  | 'wallet'
  | 'games'
  | 'lottery'
  | 'agent'
  | 'points'
  | 'promotions'
  | 'messages';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, any logged-in account, a real (non-guest) member, or an agent. */
export type Access = 'public' | 'token' | 'member' | 'agent';

export interface OperationDef<
  Q extends TObject | undefined = TObject | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  V extends TSchema = TSchema,
> {
  operationId: string;
  method: Method;
  path: string;
  area: Area;
  summary: string;
  description?: string;
  /** The gateway modID sent in the ModuleId header. */
  moduleId: string;
  /** Other modIDs the same call is made with (e.g. SMS for username vs mobile registration). */
  altModuleIds?: readonly string[];
  /**
   * public: no token. token: any session (guests included). member: a session of a real account
   * (guests refused with in_need_true_account). agent: isAgent 1, 2, 41, 42.
   */
  access: Access;
  /** The body travels encrypted (DES-ECB body, RSA-wrapped key in the Encryption header); `body` is then the plaintext schema. */
  encrypted?: boolean;
  /** The body is application/x-www-form-urlencoded (forgot password by email). */
  formEncoded?: boolean;
  /** The product's API reference gives no path for this call: ours follows the gateway's naming and is marked x-inferred. */
  inferred?: boolean;
  /** Extra request headers this call needs (free play: X-Gateway-Version). */
  headers?: TObject;
  query?: Q;
  body?: B;
  /** Schema of `value` in the success envelope. */
  value: V;
}

/** Identity helper that keeps the literal types of a definition. */
export function op<const Q extends TObject | undefined, const B extends TSchema | undefined, const V extends TSchema>(
  def: OperationDef<Q, B, V>,
): OperationDef<Q, B, V> {
  return def;
}

export type AnyOperation = OperationDef<TObject | undefined, TSchema | undefined, TSchema>;

/**
 * Shared pieces of the contract: the gateway envelope, paging, money and the request headers every
 * call carries.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** The error registry's names for shared codes (openapi/errors.ts holds every code). */
export { ErrorCode } from './errors';

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    errorCode: Type.String({ description: 'Machine-readable code; a translation key on the client.' }),
    message: Type.String({ description: 'Human-readable message in the request language.' }),
    value: Type.Optional(
      Type.Object(
        {
          captcha: Type.Optional(
            Type.Boolean({ description: 'Login failures: the next attempt must carry a captcha.' }),
          ),
          fields: Type.Optional(
            Type.Array(
              Type.Object({
                field: Type.String({ description: 'Where the value failed, e.g. body/username.' }),
                message: Type.String(),
              }),
            ),
          ),
          retryAfterSeconds: Type.Optional(Type.Integer({ minimum: 0 })),
          ip: Type.Optional(Type.String()),
          country: Type.Optional(Type.String()),
        },
        { additionalProperties: true },
      ),
    ),
  },
  {
    title: 'ErrorEnvelope',
    description: 'Every failure, whatever the HTTP status: the client treats success false as an error.',
  },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

/** Success envelope around an operation's value schema. */
export function Ok<T extends TSchema>(value: T, title: string) {
  return Type.Object(
    { success: Type.Literal(true), value },
    { title, description: 'Success envelope: the payload is in value.' },
  );
}

/** The largest page number the server takes: a whole number it can count exactly. */
export const MAX_PAGE_NO = Number.MAX_SAFE_INTEGER;

export const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NO, default: 1, description: 'One-based page.' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
};

/** A page of rows as list endpoints answer it. */
export function Page<T extends TSchema>(row: T) {
  return Type.Object({
    list: Type.Array(row),
    pageNo: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalPages: Type.Integer({ minimum: 0 }),
    totalCount: Type.Integer({ minimum: 0 }),
  });
}

/** Money travels as a number with two decimals in the brand currency. */
export const Money = (description = 'Amount in the brand currency.') =>
  Type.Number({ description, examples: [100] });

/** Epoch milliseconds. */
export const Timestamp = (description = 'Epoch milliseconds.') =>
  Type.Integer({ description, minimum: 0, examples: [1763700000000] });

export const LanguageCodes = [
  'EN', 'UR', 'CN', 'JA', 'TH', 'VI', 'MY', 'ES', 'HI', 'ID', 'KM', 'KO', 'MS', 'PT', 'TA', 'TW',
] as const;

/**
 * Headers of every call. Merchant is what the gateway routes by, so it is required; the others are
 * optional on the wire and defaulted by the server.
 */
export const CommonHeadersSchema = Type.Object(
  {
    merchant: Type.String({ minLength: 1, maxLength: 64, description: 'Merchant code.', examples: ['DEMO'] }),
    device: Type.Optional(Type.String({ description: 'Always web for this client.', examples: ['web'] })),
    language: Type.Optional(Type.String({ description: 'Current language code.', examples: ['EN'] })),
    moduleid: Type.Optional(Type.String({ description: "The call's gateway modID." })),
  },
  { additionalProperties: true },
);

/** Wire body of an encrypted call (DES-ECB body, RSA-wrapped key in the Encryption header). */
export const EncryptedBodySchema = Type.Object(
  {
    value: Type.String({
      minLength: 1,
      maxLength: 65536,
      description: 'base64 of DES-ECB-PKCS7(JSON of the plaintext schema), key = first 8 chars of the random string.',
    }),
  },
  { title: 'EncryptedBody' },
);

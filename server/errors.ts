/**
 * Errors a handler throws; the app's error handler turns them into the gateway's error envelope.
 * Codes are the error registry's (openapi/errors.ts): any other string is a type error.
 */
import type { ErrorEnvelope } from '../openapi/common';
import { ErrorCode, errorEntries, type ErrorCodeName } from '../openapi/errors';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCodeName,
    message: string,
    readonly value?: ErrorEnvelope['value'],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toEnvelope(): ErrorEnvelope {
    return {
      success: false,
      errorCode: this.errorCode,
      message: this.message,
      ...(this.value ? { value: this.value } : {}),
    };
  }
}

/** An error with the registry's status and, unless given, its English default message. */
export const apiError = (errorCode: ErrorCodeName, message?: string, value?: ErrorEnvelope['value']) =>
  new ApiError(errorEntries[errorCode].status, errorCode, message ?? errorEntries[errorCode].message, value);

export const badRequest = (message: string, field?: string, errorCode: ErrorCodeName = ErrorCode.requestParam) =>
  new ApiError(400, errorCode, message, field ? { fields: [{ field, message }] } : undefined);

/**
 * A refusal lists at most this many fields, in the order they were found; its message says how many
 * more there were. A body of a million bad keys answers a short reply, not one line per key.
 */
export const LISTED_FIELDS_MAX = 20;

/**
 * 400 request_param_err naming the fields refused: the first LISTED_FIELDS_MAX of `fields` listed,
 * each with its problem in the message, which ends "and N more fields" for the rest of `fields` and
 * the `unlisted` fields found beyond them.
 */
export function fieldsRefused(fields: { field: string; message: string }[], unlisted = 0): ApiError {
  const listed = fields.slice(0, LISTED_FIELDS_MAX);
  const more = unlisted + fields.length - listed.length;
  const lines = listed.map((f) => `${f.field} ${f.message}`);
  if (more > 0) lines.push(`and ${more} more field${more === 1 ? '' : 's'}`);
  return new ApiError(400, ErrorCode.requestParam, lines.join('; '), { fields: listed });
}

/** A business rule refused the request (wrong password, bad code…): 400 with the rule's own code. */
export const refused = (errorCode: ErrorCodeName, message: string, value?: ErrorEnvelope['value']) =>
  new ApiError(400, errorCode, message, value);

export const notSession = () => apiError(ErrorCode.notSession);
export const forbidden = (errorCode: ErrorCodeName, message: string) => new ApiError(403, errorCode, message);
export const notFound = (message: string) => new ApiError(404, ErrorCode.notFound, message);
export const throttled = (message: string, retryAfterSeconds: number, errorCode: ErrorCodeName = ErrorCode.throttled) =>
  new ApiError(429, errorCode, message, { retryAfterSeconds });

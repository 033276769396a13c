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

/** A business rule refused the request (wrong password, bad code…): 400 with the rule's own code. */
export const refused = (errorCode: ErrorCodeName, message: string, value?: ErrorEnvelope['value']) =>
  new ApiError(400, errorCode, message, value);

export const notSession = () => apiError(ErrorCode.notSession);
export const forbidden = (errorCode: ErrorCodeName, message: string) => new ApiError(403, errorCode, message);
export const notFound = (message: string) => new ApiError(404, ErrorCode.notFound, message);
export const throttled = (message: string, retryAfterSeconds: number, errorCode: ErrorCodeName = ErrorCode.throttled) =>
  new ApiError(429, errorCode, message, { retryAfterSeconds });

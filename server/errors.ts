/** Errors a handler throws; the app's error handler turns them into the gateway's error envelope. */
import { ErrorCode, type ErrorEnvelope } from '../openapi/common';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
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

export const badRequest = (message: string, field?: string, errorCode: string = ErrorCode.requestParam) =>
  new ApiError(400, errorCode, message, field ? { fields: [{ field, message }] } : undefined);

/** A business rule refused the request (wrong password, bad code…): 400 with the rule's own code. */
export const refused = (errorCode: string, message: string, value?: ErrorEnvelope['value']) =>
  new ApiError(400, errorCode, message, value);

export const notSession = () => new ApiError(401, ErrorCode.notSession, 'Not logged in, please log in');
export const forbidden = (errorCode: string, message: string) => new ApiError(403, errorCode, message);
export const notFound = (message: string) => new ApiError(404, ErrorCode.notFound, message);
export const throttled = (message: string, retryAfterSeconds: number, errorCode: string = ErrorCode.throttled) =>
  new ApiError(429, errorCode, message, { retryAfterSeconds });

import { ERROR_CODES, type ErrorBody, type ErrorCode, errorBody } from '@kingdom-stats/core/api';

/** The one error type the server throws on purpose; the error plugin turns it into the API's error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorBody['issues'];

  constructor(code: ErrorCode, message: string, issues?: ErrorBody['issues']) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }

  get statusCode(): number {
    return ERROR_CODES[this.code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.issues);
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, issues?: ErrorBody['issues']) =>
  new AppError('BAD_REQUEST', message, issues);

import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  errorBody,
  type NewGovernorsDetail,
} from '@kingdom-stats/core/api';

/** The one error type the server throws on purpose; the error plugin turns it into the API's error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorBody['issues'];
  /** NEW_GOVERNORS' detail (the file and its share of unseen governors). */
  readonly newGovernors: NewGovernorsDetail | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    issues?: ErrorBody['issues'],
    newGovernors?: NewGovernorsDetail,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
    this.newGovernors = newGovernors;
  }

  get statusCode(): number {
    return ERROR_CODES[this.code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.issues, this.newGovernors);
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, issues?: ErrorBody['issues']) =>
  new AppError('BAD_REQUEST', message, issues);

import { expect } from 'vitest';
import { AppError } from '../errors.ts';

/** The import refusal `action` throws; fails the test when it throws anything else, or nothing. */
export function refusalErrorOf(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('IMPORT_REFUSED');
    return error as AppError;
  }
  throw new Error('expected the file to be refused');
}

/** The message of the import refusal `action` throws (see refusalErrorOf). */
export function refusalOf(action: () => unknown): string {
  return refusalErrorOf(action).message;
}

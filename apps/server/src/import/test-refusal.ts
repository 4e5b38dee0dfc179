import { expect } from 'vitest';
import { AppError } from '../errors.ts';

/** The message of the import refusal `action` throws; fails the test when it throws anything else, or nothing. */
export function refusalOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('IMPORT_REFUSED');
    return (error as AppError).message;
  }
  throw new Error('expected the file to be refused');
}

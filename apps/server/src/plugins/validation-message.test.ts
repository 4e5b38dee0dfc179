import { describe, expect, it } from 'vitest';
import { validationMessage } from './validation-message.ts';

describe('validationMessage', () => {
  it('names a form field in words', () => {
    expect(validationMessage('body', ['formula', 'tiers', '2', 'dkpGoal'])).toBe(
      'The dkp goal in the form is not valid. Check it and try again.',
    );
  });
  it('names the address for path and query parts', () => {
    expect(validationMessage('params', ['kdno'])).toBe(
      'The kingdom number in the address is not valid. Check it and try again.',
    );
    expect(validationMessage('querystring', ['start_date'])).toBe(
      'The start date in the address is not valid. Check it and try again.',
    );
  });
  it('still says something when the whole body is wrong', () => {
    expect(validationMessage('body', [])).toBe('Something in the form is not valid. Check it and try again.');
  });

  it("keeps a schema's own sentence and names fields it does not know", () => {
    expect(
      validationMessage('body', ['settings', 'defaultDates'], {
        keyword: 'custom',
        message: 'Start date cannot be later than end date',
      }),
    ).toBe('Start date cannot be later than end date');
    expect(
      validationMessage('body', ['settings'], { keyword: 'unrecognized_keys', params: { keys: ['colour'] } }),
    ).toBe('Something in the form is not one this page knows ("colour"). Remove it and try again.');
    // zod's own wording stays out of the sentence.
    expect(
      validationMessage('body', ['settings', 'defaultTopFilter'], {
        keyword: 'too_small',
        message: 'Too small: expected number to be >=1',
      }),
    ).toBe('The default top filter in the form is not valid. Check it and try again.');
  });
});

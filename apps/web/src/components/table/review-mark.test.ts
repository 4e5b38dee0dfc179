import { describe, expect, it } from 'vitest';
import { hasReviewMark } from './ReviewMark.tsx';

describe('the review mark (issue 36)', () => {
  it('is drawn for a row whose only reason is a gain that went down (shown unknown)', () => {
    expect(hasReviewMark({ underReview: [], corrected: [], decreased: ['dead'] })).toBe(true);
    expect(hasReviewMark({ underReview: [], corrected: [], decreased: [] })).toBe(false);
    expect(hasReviewMark({ underReview: [], corrected: [] })).toBe(false);
    expect(hasReviewMark(undefined)).toBe(false);
  });
});

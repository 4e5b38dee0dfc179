import type { ReviewMark } from '@kingdom-stats/core/api';
import { describe, expect, it } from 'vitest';
import { hasReviewMark } from './ReviewMark.tsx';
import { columnPart, rowPart } from './review-mark-scope.ts';

describe('where a review mark is drawn (issue 36 item 6)', () => {
  const helps = { field: 'helps', reason: 'Helps look misread' };
  const dead = { field: 'dead', reason: 'Dead looks misread' };

  it('a value set aside marks its column, not the name', () => {
    const mark: ReviewMark = {
      underReview: [helps],
      corrected: [],
      decreased: ['rss_gathered'],
      aside: ['helps', 'rss_gathered'],
    };
    expect(hasReviewMark(rowPart(mark))).toBe(false);
    expect(columnPart(mark, 'helps')).toEqual({ underReview: [helps], corrected: [] });
    expect(columnPart(mark, 'rss_gathered')).toEqual({
      underReview: [],
      corrected: [],
      decreased: ['rss_gathered'],
    });
    expect(columnPart(mark, 'dead')).toBeUndefined();
  });

  it('the headline values still mark the name, without the values set aside', () => {
    const mark: ReviewMark = { underReview: [helps, dead], corrected: [], aside: ['helps'] };
    expect(rowPart(mark)).toEqual({ underReview: [dead], corrected: [] });
    const plain: ReviewMark = { underReview: [dead], corrected: [] };
    expect(rowPart(plain)).toBe(plain);
    expect(columnPart(plain, 'dead')).toBeUndefined();
  });
});

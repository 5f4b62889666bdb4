import { describe, expect, it } from 'vitest';
import { boundedTotal, hasPageAfter, TASK_LIST_COUNT_BOUND, taskCountBound } from './task-list-total.rules.ts';

describe('task list totals', () => {
  it.each([
    [1, 10, TASK_LIST_COUNT_BOUND],
    [1000, 10, TASK_LIST_COUNT_BOUND],
    [1001, 10, 10_010],
    [200, 100, 20_000],
  ])('page %i of %i counts up to %i', (page, limit, bound) => {
    expect(taskCountBound(page, limit)).toBe(bound);
  });

  it.each([
    [0, 10_000, { total: 0, totalIsLowerBound: false }],
    [10_000, 10_000, { total: 10_000, totalIsLowerBound: false }],
    [10_001, 10_000, { total: 10_000, totalIsLowerBound: true }],
  ])('%i rows counted against a bound of %i', (counted, bound, total) => {
    expect(boundedTotal(counted, bound)).toEqual(total);
  });

  it.each([
    [{ page: 1, totalPages: 3 }, true],
    [{ page: 3, totalPages: 3 }, false],
    [{ page: 3, totalPages: 3, totalIsLowerBound: false }, false],
    [{ page: 1000, totalPages: 1000, totalIsLowerBound: true }, true],
    [{ page: 1, totalPages: 0 }, false],
  ])('a page after %o: %s', (meta, after) => {
    expect(hasPageAfter(meta)).toBe(after);
  });
});

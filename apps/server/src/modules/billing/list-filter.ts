import { presetRange } from '@fieldwork/domain/date-presets';
import { todayInZone } from '@fieldwork/domain/estimates.rules';
import type { ListFilter } from './documents.repository.ts';

type ListQuery = {
  page: number;
  limit: number;
  orderByKey: ListFilter['orderByKey'];
  orderByValue: 'asc' | 'desc';
  searchText?: string | undefined;
  search?: string | undefined;
  status?: string[] | undefined;
  createdOn?: Parameters<typeof presetRange>[0] | undefined;
  jobId?: string | undefined;
  unlinked?: boolean | undefined;
};

/**
 * The list query as repository filters: the number search is a prefix of the digits typed ("#10" finds 1001…),
 * created-on presets are computed in the tenant's zone, and for estimates the derived EXPIRED status splits
 * stored SENT by due date (before today in the tenant's zone).
 */
export function toListFilter(q: ListQuery, now: Date, timeZone: string, derivedExpiry: boolean): ListFilter {
  const text = q.searchText ?? q.search;
  const digits = text ? text.replace(/^#/, '').trim() : '';
  const numberPrefix = !text ? null : /^\d{1,9}$/.test(digits) ? Number(digits) : 'none';
  const range = q.createdOn ? presetRange(q.createdOn, now, timeZone) : undefined;
  const filter: ListFilter = {
    page: q.page,
    limit: q.limit,
    orderByKey: q.orderByKey,
    orderByValue: q.orderByValue,
    numberPrefix,
    storedStatuses: null,
    ...(range ? { createdFrom: range.start, createdTo: range.end } : {}),
    ...(q.jobId ? { jobId: q.jobId } : {}),
    ...(q.unlinked ? { unlinked: true } : {}),
  };
  if (q.status?.length) {
    const wanted = new Set(q.status);
    if (!derivedExpiry || (!wanted.has('EXPIRED') && !wanted.has('SENT'))) {
      filter.storedStatuses = [...wanted];
    } else {
      const today = todayInZone(now, timeZone);
      const plain = [...wanted].filter((s) => s !== 'EXPIRED' && s !== 'SENT');
      filter.statusCondition = (eb) => {
        const terms = [];
        if (plain.length) terms.push(eb('d.status', 'in', plain));
        const sent = eb('d.status', '=', 'SENT');
        if (wanted.has('EXPIRED')) terms.push(eb.and([sent, eb('d.due_date', 'is not', null), eb('d.due_date', '<', today)]));
        if (wanted.has('SENT')) terms.push(eb.and([sent, eb.or([eb('d.due_date', 'is', null), eb('d.due_date', '>=', today)])]));
        return eb.or(terms);
      };
    }
  }
  return filter;
}

/**
 * The calendar day of an instant in a company's time zone: the one implementation every "today" and "which day" of
 * the product uses (task status, my day, estimates' expiry, the scheduler, the dashboard, the web's date defaults).
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function formatDay(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Days of 15-minute UTC buckets, per zone: formatToParts costs microseconds and a list (the scheduler's week
 * of 1,500 tasks spent ~4 ms of each answer in it). A bucket whose first and last millisecond fall on the same
 * local day is that day throughout (a zone's day only moves forward); one that holds a midnight is marked ''
 * and formatted per instant.
 */
const DAY_BUCKET_MS = 900_000;
const dayBuckets = new Map<string, Map<number, string>>();

/** The calendar day of an instant in a time zone, as YYYY-MM-DD (sortable). */
export function dayIn(instant: Date | string, timeZone: string): string {
  const ms = new Date(instant).getTime();
  let buckets = dayBuckets.get(timeZone);
  if (!buckets) dayBuckets.set(timeZone, (buckets = new Map()));
  const bucket = Math.floor(ms / DAY_BUCKET_MS);
  let day = buckets.get(bucket);
  if (day === undefined) {
    const first = formatDay(bucket * DAY_BUCKET_MS, timeZone);
    day = first === formatDay((bucket + 1) * DAY_BUCKET_MS - 1, timeZone) ? first : '';
    if (buckets.size >= 100_000) buckets.clear();
    buckets.set(bucket, day);
  }
  return day || formatDay(ms, timeZone);
}

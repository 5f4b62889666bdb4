/**
 * A plan's recurrence as RFC 5545 text, the form a plan stores: DTSTART in the company's zone, the RRULE, the
 * visit's DURATION, and the arrival window as an X- property (RFC 5545 §3.8.8.2: how a calendar carries what the
 * standard has no word for). Each shape of the plan form has exactly one text, so text ⇄ form round-trips.
 *
 * Days past a month's end fall on its last day (the plan form's rule): the 31st is BYMONTHDAY=-1; the 29th and
 * 30th are, monthly, "the last of the 28th…30th that the month has" (BYMONTHDAY=28,29,30;BYSETPOS=-1), and,
 * yearly, where BYSETPOS would pick one day a year, RFC 7529's RSCALE=GREGORIAN;SKIP=BACKWARD.
 */
import { epochDay, zonedInstantMs } from './recurrence-dates.rules.ts';
import { FREQUENCIES, ORDINALS, WEEKDAYS, type Frequency, type MonthDay, type Ordinal, type Recurrence, type Weekday } from './recurrence.rules.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

export const ARRIVAL_WINDOW_PROPERTY = 'X-FIELDWORK-ARRIVAL-WINDOW';

const compact = (date: string) => date.replaceAll('-', '');
const expand = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

function icsDuration(minutes: number): string {
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

function parseDuration(text: string): number {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) throw new Error(`Not a duration this product writes: ${text}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

/** The last second of the end date in the zone, in UTC, as RFC 5545 wants UNTIL beside a DTSTART with TZID. */
function untilText(endDate: string, timeZone: string): string {
  const lastSecond = new Date(zonedInstantMs(epochDay(endDate) + 1, 0, timeZone) - 1000);
  return lastSecond
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function monthDayParts(frequency: Frequency, md: MonthDay): string[] {
  if (md.kind === 'weekday') return [`BYDAY=${md.ordinal}${md.weekday}`];
  if (md.day === 31) return ['BYMONTHDAY=-1'];
  if (md.day <= 28) return [`BYMONTHDAY=${md.day}`];
  if (frequency === 'yearly') return [`BYMONTHDAY=${md.day}`, 'SKIP=BACKWARD'];
  const days = Array.from({ length: md.day - 27 }, (_, i) => 28 + i);
  return [`BYMONTHDAY=${days.join(',')}`, 'BYSETPOS=-1'];
}

/** The plan's stored text. */
export function toRRule(r: Recurrence, timeZone: string): string {
  const parts = [`FREQ=${r.frequency.toUpperCase()}`, `INTERVAL=${r.interval}`];
  if (r.endDate) parts.push(`UNTIL=${untilText(r.endDate, timeZone)}`);
  if (r.months.length) parts.push(`BYMONTH=${r.months.join(',')}`);
  if (r.frequency === 'weekly') parts.push(`BYDAY=${r.weekdays.join(',')}`);
  const dayParts = r.monthDay && (r.frequency === 'monthly' || r.frequency === 'yearly') ? monthDayParts(r.frequency, r.monthDay) : [];
  const skip = dayParts.includes('SKIP=BACKWARD');
  parts.push(...dayParts.filter((p) => p !== 'SKIP=BACKWARD'), 'WKST=MO');
  if (skip) parts.unshift('RSCALE=GREGORIAN');
  if (skip) parts.push('SKIP=BACKWARD');
  const lines = [
    `DTSTART;TZID=${timeZone}:${compact(r.startDate)}T${r.time.replace(':', '')}00`,
    `RRULE:${parts.join(';')}`,
    `DURATION:${icsDuration(r.durationMinutes)}`,
  ];
  if (r.arrivalWindowMinutes) lines.push(`${ARRIVAL_WINDOW_PROPERTY}:${icsDuration(r.arrivalWindowMinutes)}`);
  return lines.join('\n');
}

const KNOWN_PARTS = new Set(['RSCALE', 'FREQ', 'INTERVAL', 'UNTIL', 'BYMONTH', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'WKST', 'SKIP']);

function parseMonthDay(
  frequency: Frequency,
  byDay: string | undefined,
  byMonthDay: string | undefined,
  setPos: string | undefined,
  skip: string | undefined,
): MonthDay | null {
  if (frequency === 'daily' || frequency === 'weekly') return null;
  if (byDay) {
    const match = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay);
    if (!match) throw new Error(`Not a weekday of the month this product writes: ${byDay}`);
    return { kind: 'weekday', ordinal: Number(match[1]) as Ordinal, weekday: match[2] as Weekday };
  }
  if (byMonthDay === '-1') return { kind: 'day', day: 31 };
  const days = (byMonthDay ?? '').split(',').map(Number);
  const last = days[days.length - 1] ?? NaN;
  const shortMonthRule =
    frequency === 'monthly' ? setPos === '-1' && days.length > 1 && days.every((d, i) => d === 28 + i) : skip === 'BACKWARD' && days.length === 1;
  if (Number.isInteger(last) && days.length === 1 && last >= 1 && last <= 28 && !setPos) return { kind: 'day', day: last };
  if (shortMonthRule && (last === 29 || last === 30)) return { kind: 'day', day: last };
  throw new Error(`Not a day of the month this product writes: ${byMonthDay ?? '(none)'}`);
}

/** The plan form's recurrence and the zone of a stored text; throws on text this product does not write. */
export function fromRRule(text: string): { recurrence: Recurrence; timeZone: string } {
  const lines = new Map<string, string>();
  for (const line of text.split(/\r?\n/).filter(Boolean)) {
    const colon = line.indexOf(':');
    lines.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const dtstartKey = [...lines.keys()].find((k) => k.startsWith('DTSTART;TZID='));
  const dtstart = dtstartKey ? /^(\d{8})T(\d{2})(\d{2})00$/.exec(lines.get(dtstartKey) ?? '') : null;
  const rrule = lines.get('RRULE');
  if (!dtstartKey || !dtstart || !rrule) throw new Error('A recurrence needs DTSTART;TZID=…:YYYYMMDDTHHMM00 and an RRULE line.');
  const timeZone = dtstartKey.slice('DTSTART;TZID='.length);
  const parts = new Map(rrule.split(';').map((p) => p.split('=') as [string, string]));
  for (const key of parts.keys()) if (!KNOWN_PARTS.has(key)) throw new Error(`Not a rule part this product writes: ${key}`);
  const frequency = (parts.get('FREQ') ?? '').toLowerCase() as Frequency;
  if (!FREQUENCIES.includes(frequency)) throw new Error(`Not a frequency this product writes: ${parts.get('FREQ') ?? '(none)'}`);
  const until = parts.get('UNTIL');
  const untilMatch = until ? /^(\d{8})T(\d{2})(\d{2})(\d{2})Z$/.exec(until) : null;
  if (until && !untilMatch) throw new Error(`UNTIL must be a UTC date-time: ${until}`);
  const endDate = untilMatch ? dayIn(new Date(`${expand(untilMatch[1] ?? '')}T${untilMatch[2]}:${untilMatch[3]}:${untilMatch[4]}Z`), timeZone) : null;
  const byDay = parts.get('BYDAY');
  const recurrence: Recurrence = {
    frequency,
    interval: Number(parts.get('INTERVAL') ?? 1),
    weekdays: frequency === 'weekly' ? ((byDay ?? '').split(',').filter(Boolean) as Weekday[]) : [],
    monthDay: parseMonthDay(frequency, byDay, parts.get('BYMONTHDAY'), parts.get('BYSETPOS'), parts.get('SKIP')),
    months: parts.has('BYMONTH') ? (parts.get('BYMONTH') ?? '').split(',').map(Number) : [],
    startDate: expand(dtstart[1] ?? ''),
    endDate,
    time: `${dtstart[2]}:${dtstart[3]}`,
    durationMinutes: parseDuration(lines.get('DURATION') ?? 'PT60M'),
    arrivalWindowMinutes: lines.has(ARRIVAL_WINDOW_PROPERTY) ? parseDuration(lines.get(ARRIVAL_WINDOW_PROPERTY) ?? '') : 0,
  };
  if (recurrence.weekdays.some((w) => !WEEKDAYS.includes(w))) throw new Error(`Not weekdays this product writes: ${byDay}`);
  if (recurrence.monthDay?.kind === 'weekday' && !ORDINALS.includes(recurrence.monthDay.ordinal)) throw new Error('Not an ordinal this product writes.');
  return { recurrence, timeZone };
}

/** The RRULE as an RFC 5545 engine reads it on its own (DTSTART and RRULE lines only). */
export const engineText = (text: string): string =>
  text
    .split('\n')
    .filter((l) => l.startsWith('DTSTART') || l.startsWith('RRULE'))
    .join('\n');

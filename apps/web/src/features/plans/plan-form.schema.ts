import type { BillingKind } from '@fieldwork/domain/plans/plans.rules';
import type { Plan } from '@fieldwork/domain/plans/plans.schemas';
import type { Frequency, Ordinal, Recurrence, Weekday } from '@fieldwork/domain/plans/recurrence.rules';

/** The plan form as typed: numbers stay text until sent, so a half-typed "1" or an empty box is not lost. */
export type PlanFormValues = {
  customerId: string;
  customerName: string;
  siteAddressId: string;
  name: string;
  frequency: Frequency;
  interval: string;
  weekdays: Weekday[];
  monthDayKind: 'day' | 'weekday';
  day: string;
  ordinal: string;
  weekday: Weekday;
  months: number[];
  startDate: string;
  /** Empty: the plan runs until it is ended. */
  endDate: string;
  time: string;
  durationMinutes: string;
  arrivalWindowMinutes: string;
  taskName: string;
  description: string;
  assignTo: 'TECHNICIAN' | 'SUBCONTRACTOR' | 'LATER';
  assignedTechnicianId: string | null;
  assignedSubcontractorId: string | null;
  billing: BillingKind;
  price: string;
  autoSendInvoices: boolean;
  /** Empty: no renewal reminder. */
  renewalReminderDays: string;
  renewalReminderToCustomer: boolean;
};

const WEEKDAY_OF_JS_DAY: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** A new plan starts as a weekly visit on the start date's weekday, at 08:00 for an hour. */
export function emptyPlanValues(today: string, customerId = ''): PlanFormValues {
  const weekday = WEEKDAY_OF_JS_DAY[new Date(`${today}T12:00:00Z`).getUTCDay()] ?? 'MO';
  return {
    customerId,
    customerName: '',
    siteAddressId: '',
    name: '',
    frequency: 'weekly',
    interval: '1',
    weekdays: [weekday],
    monthDayKind: 'day',
    day: String(Number(today.slice(8, 10))),
    ordinal: '1',
    weekday,
    months: [],
    startDate: today,
    endDate: '',
    time: '08:00',
    durationMinutes: '60',
    arrivalWindowMinutes: '0',
    taskName: '',
    description: '',
    assignTo: 'LATER',
    assignedTechnicianId: null,
    assignedSubcontractorId: null,
    billing: 'per_visit',
    price: '',
    autoSendInvoices: false,
    renewalReminderDays: '',
    renewalReminderToCustomer: false,
  };
}

export function planToValues(plan: Plan): PlanFormValues {
  const r = plan.recurrence;
  const md = r.monthDay;
  const t = plan.visitTemplate;
  return {
    customerId: plan.customer.id,
    customerName: plan.customer.name,
    siteAddressId: plan.siteAddress.id,
    name: plan.name,
    frequency: r.frequency,
    interval: String(r.interval),
    weekdays: [...r.weekdays],
    monthDayKind: md?.kind ?? 'day',
    day: md?.kind === 'day' ? String(md.day) : String(Number(r.startDate.slice(8, 10))),
    ordinal: md?.kind === 'weekday' ? String(md.ordinal) : '1',
    weekday: md?.kind === 'weekday' ? md.weekday : 'MO',
    months: [...r.months],
    startDate: r.startDate,
    endDate: r.endDate ?? '',
    time: r.time,
    durationMinutes: String(r.durationMinutes),
    arrivalWindowMinutes: String(r.arrivalWindowMinutes),
    taskName: t.taskName,
    description: t.description ?? '',
    assignTo: t.assignedTechnician ? 'TECHNICIAN' : t.assignedSubcontractor ? 'SUBCONTRACTOR' : 'LATER',
    assignedTechnicianId: t.assignedTechnician?.id ?? null,
    assignedSubcontractorId: t.assignedSubcontractor?.id ?? null,
    billing: plan.billing,
    price: plan.price.toFixed(2),
    autoSendInvoices: plan.autoSendInvoices,
    renewalReminderDays: plan.renewalReminderDays === null ? '' : String(plan.renewalReminderDays),
    renewalReminderToCustomer: plan.renewalReminderToCustomer,
  };
}

/** "" is not 0: an emptied number box must fail its rule, not pass as zero. */
const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The rule being edited, in the domain's shape: only the parts its frequency uses are kept. */
export function toRecurrence(v: PlanFormValues): Recurrence {
  const monthly = v.frequency === 'monthly' || v.frequency === 'yearly';
  return {
    frequency: v.frequency,
    interval: num(v.interval),
    weekdays: v.frequency === 'weekly' ? v.weekdays : [],
    monthDay: !monthly
      ? null
      : v.monthDayKind === 'day'
        ? { kind: 'day', day: num(v.day) }
        : { kind: 'weekday', ordinal: num(v.ordinal) as Ordinal, weekday: v.weekday },
    months: v.frequency === 'daily' || v.frequency === 'weekly' ? [] : v.months,
    startDate: v.startDate,
    endDate: v.endDate || null,
    time: v.time,
    durationMinutes: num(v.durationMinutes),
    arrivalWindowMinutes: v.arrivalWindowMinutes.trim() === '' ? 0 : num(v.arrivalWindowMinutes),
  };
}

/** The body as the API reads it (money in dollars): the domain schema parses it again before sending. */
function planFields(v: PlanFormValues) {
  return {
    name: v.name,
    recurrence: toRecurrence(v),
    visitTemplate: {
      taskName: v.taskName,
      description: v.description.trim() ? v.description : null,
      assignTo: v.assignTo,
      assignedTechnicianId: v.assignTo === 'TECHNICIAN' ? v.assignedTechnicianId : null,
      assignedSubcontractorId: v.assignTo === 'SUBCONTRACTOR' ? v.assignedSubcontractorId : null,
      productServices: [],
    },
    billing: v.billing,
    price: num(v.price),
    autoSendInvoices: v.autoSendInvoices,
    renewalReminderDays: v.renewalReminderDays.trim() ? num(v.renewalReminderDays) : null,
    renewalReminderToCustomer: v.renewalReminderDays.trim() ? v.renewalReminderToCustomer : false,
  };
}

export const toCreateBody = (v: PlanFormValues) => ({ customerId: v.customerId, siteAddressId: v.siteAddressId, ...planFields(v) });
export const toUpdateBody = (v: PlanFormValues, version: number) => ({ ...planFields(v), version });

/** Where a schema issue of the body goes on the form: recurrence and template fields sit at the form's top level. */
export function formFieldOfPath(path: readonly PropertyKey[]): keyof PlanFormValues | null {
  const [head, field] = path.map(String);
  if (head === 'recurrence' || head === 'visitTemplate') {
    if (field === 'monthDay') return 'day';
    return (field as keyof PlanFormValues | undefined) ?? null;
  }
  return (head as keyof PlanFormValues | undefined) ?? null;
}

/**
 * Every figure the dashboard shows, defined once: its label and the sentence that says what it counts. The
 * server computes the money figures with financeFigures below; the web shows each label with its definition as
 * a tooltip, so what a card says and what it adds up are the same text.
 *
 * The finance card reconciles on its own face: Gross margin = Revenue (before tax) − Job costs, and
 * Margin % = Gross margin ÷ Revenue (before tax). Tax is collected for the government, not earned, so margin is
 * never taken on Invoiced (which includes tax).
 */
import { marginPercent } from './dashboard.rules.ts';

export type FigureDefinition = { label: string; definition: string };

const PERIOD_INVOICES = 'invoices dated in the period (undated ones on the day they were created), neither draft nor void';

export const DASHBOARD_FIGURES = {
  invoiced: { label: 'Invoiced', definition: `Total of ${PERIOD_INVOICES}, tax included.` },
  revenue: { label: 'Revenue (before tax)', definition: `Subtotal of ${PERIOD_INVOICES}: Invoiced without tax or freight.` },
  collected: { label: 'Collected', definition: 'Payments received in the period (by the day they were paid), on any invoice.' },
  outstanding: { label: 'Outstanding', definition: 'Unpaid balance of every open (sent) invoice today, whatever its date.' },
  overdue: { label: 'Overdue', definition: 'Unpaid balance of open invoices whose due date has passed, today.' },
  averageInvoice: { label: 'Average invoice', definition: 'Invoiced ÷ the number of invoices it counts.' },
  openEstimates: { label: 'Open estimates', definition: 'Total of sent estimates not yet past their due date, today.' },
  approvedNotInvoiced: { label: 'Approved, not invoiced', definition: 'Total of approved (or deposit-paid) estimates not yet converted to an invoice, today.' },
  jobCosts: { label: 'Job costs', definition: 'Actual costs recorded on jobs, dated in the period (estimated costs are not counted).' },
  grossMargin: { label: 'Gross margin', definition: 'Revenue (before tax) − Job costs, both in the period.' },
  marginPercentage: { label: 'Margin %', definition: 'Gross margin ÷ Revenue (before tax); 0 when nothing was invoiced.' },
  openJobs: { label: 'Open jobs', definition: 'Jobs created in the period that are still open.' },
  closedJobs: { label: 'Closed jobs', definition: 'Jobs created in the period that are closed.' },
  cancelledJobs: { label: 'Cancelled jobs', definition: 'Jobs created in the period that were cancelled.' },
  openTasks: { label: 'Open tasks', definition: 'Tasks scheduled in the period that are not closed or cancelled.' },
  overdueTasks: { label: 'Overdue tasks', definition: 'Tasks scheduled in the period that were missed: their start passed without a clock-in.' },
  closedTasks: { label: 'Closed tasks', definition: 'Tasks scheduled in the period that are closed.' },
  averageDaysToClose: { label: 'Avg. days to close', definition: 'Average days from a job’s creation to its close, over jobs closed in the period.' },
  customersTotal: { label: 'Total', definition: 'Every customer of the company, all time.' },
  customersNew: { label: 'New', definition: 'Customers created in the period.' },
  customersRepeat: { label: 'Repeat', definition: 'Customers with two or more jobs, all time.' },
  leadsNew: { label: 'New leads', definition: 'Leads created in the period.' },
  leadsConverted: { label: 'Converted', definition: 'Leads created in the period that a job was created from.' },
  leadsConversion: { label: 'Conversion', definition: 'Converted ÷ New leads.' },
  leadsConvertedValue: { label: 'Value converted', definition: 'Value of the leads created in the period that were converted.' },
  calls: { label: 'Calls', definition: 'Calls the AI receptionist logged in the period.' },
  callsHandled: { label: 'Handled', definition: 'Calls in the period that were not missed.' },
  callsBooked: { label: 'Booked', definition: 'Calls in the period that booked work.' },
  callsLeads: { label: 'Leads created', definition: 'Calls in the period that created a lead.' },
  callsMissed: { label: 'Missed', definition: 'Calls in the period nobody answered.' },
  callsAverageDuration: { label: 'Avg. duration', definition: 'Average length of the handled calls.' },
  recurringRevenue: {
    label: 'Recurring revenue',
    definition:
      'What the active service plans bring in a year: a monthly, quarterly or yearly plan its price per period, a per-visit plan its price × its visits in the next 12 months. Paused and ended plans do not count.',
  },
  activePlans: { label: 'Active plans', definition: 'Service plans generating visits now (not paused or ended).' },
  planVisitsDue: {
    label: 'Plan visits due this month',
    definition: 'Visits of service plans starting this calendar month (company time zone), cancelled ones left out; done = closed.',
  },
  chartAmount: { label: 'Amount ($)', definition: 'Dollars per bucket: Invoiced and Collected as bars, Job costs as a line.' },
} as const satisfies Record<string, FigureDefinition>;

export type DashboardFigure = keyof typeof DASHBOARD_FIGURES;

/** The chart's buckets: weeks for ranges up to 62 days, months otherwise. */
export const chartBucketAxisLabel = (bucket: 'week' | 'month') => (bucket === 'week' ? 'Week starting' : 'Month');

/** Integer cents of one period, as the repositories sum them. */
export type PeriodMoneyCents = { invoicedCents: number; subtotalCents: number; invoiceCount: number; collectedCents: number; jobCostCents: number };

/** The finance card's period figures in cents (margin % with 2 places), computed as DASHBOARD_FIGURES defines them. */
export function financeFigures(p: PeriodMoneyCents) {
  const grossMargin = p.subtotalCents - p.jobCostCents;
  return {
    invoiced: p.invoicedCents,
    revenue: p.subtotalCents,
    collected: p.collectedCents,
    averageInvoice: p.invoiceCount ? Math.round(p.invoicedCents / p.invoiceCount) : 0,
    jobCosts: p.jobCostCents,
    grossMargin,
    marginPercentage: marginPercent(grossMargin, p.subtotalCents),
  };
}

import type { MyDayContact, MyDayTask } from '@fieldwork/domain/tasks/my-day.schemas';
import { toTaskDto, type TaskViewContext } from '../task-core/tasks.presenter.ts';
import type { MyDayRow } from './my-day.repository.ts';

type Period = { id: string; start_time: string; end_time: string | null };

/** Whom the technician calls about the job: the site contact, else the requester, else the customer — the first with a number. */
export function contactOf(row: MyDayRow): MyDayContact | null {
  const phone = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  const site = phone(row.site_contact_phone);
  if (site) return { name: row.site_contact_name ?? row.customer_name, phone: site, kind: 'SITE_CONTACT' };
  const requester = phone(row.requester_phone);
  if (requester) return { name: row.requester_name ?? row.customer_name, phone: requester, kind: 'REQUESTER' };
  const customer = phone(row.customer_phone);
  if (customer) return { name: row.customer_name, phone: customer, kind: 'CUSTOMER' };
  return null;
}

export function toMyDayTask(ctx: TaskViewContext, row: MyDayRow, periods: readonly Period[]): MyDayTask {
  const task = toTaskDto(ctx, row);
  return {
    ...task,
    siteAddressText: row.site_address ?? null,
    contact: contactOf(row),
    // Subcontractor viewers never see time spent: the timer's periods follow that rule.
    workPeriods: task.actions.elapsedTime.visible ? periods.map((p) => ({ id: p.id, startTime: p.start_time, endTime: p.end_time })) : [],
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import {
  availableTechnicianSchema,
  rescheduleTaskBody,
  scheduleFeedSchema,
  scheduleIdParams,
  scheduleResponse,
  schedulerItemSchema,
  schedulerQuery,
  schedulerUserSchema,
  schedulerUsersQuery,
  scheduleTaskBody,
  teamMemberSchema,
  teamQuery,
  technicianAvailabilityQuery,
  timeOffBody,
  timeOffListQuery,
  timeOffSchema,
} from '@fieldwork/domain/scheduling/scheduling.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { listAvailableTechnicians } from './availability.service.ts';
import { listSchedulerUsers, scheduleFeed } from './schedule-feed.service.ts';
import { listSchedulerTasks } from './scheduler.service.ts';
import { rescheduleTask, scheduleTask, type ScheduleResult } from './schedule.service.ts';
import { listTeam } from './team.service.ts';
import { createTimeOff, deleteTimeOff, listTimeOff } from './time-off.service.ts';

/** {data: task} plus bidIds when the submit requested bids. */
function scheduleBody(result: ScheduleResult): { data: ScheduleResult['task']; bidIds?: string[] } {
  return result.bidIds ? { data: result.task, bidIds: result.bidIds } : { data: result.task };
}

/** Scheduling and dispatch: schedule writes behind the clash guard, availability, time off. */
export async function schedulingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['scheduling'];

  r.post(
    '/api/tasks/schedule',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: 'First schedule of a task, assigning it when a person is given; 409 SCHEDULE_CONFLICT with the clashing task number',
        body: scheduleTaskBody,
        response: { 201: scheduleResponse },
      },
    },
    async (request, reply) => reply.status(201).send(scheduleBody(await scheduleTask(app.db, requireAuth(request), request.body))),
  );

  r.put(
    '/api/tasks/schedule/:scheduleId',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: 'Re-schedule (and optionally re-assign) at the schedule version loaded; a clocked-in task keeps its start',
        params: scheduleIdParams,
        body: rescheduleTaskBody,
        response: { 200: scheduleResponse },
      },
    },
    async (request) => scheduleBody(await rescheduleTask(app.db, requireAuth(request), request.params.scheduleId, request.body)),
  );

  r.get(
    '/api/tasks/technicians',
    {
      preHandler: guard('workorder.view'),
      schema: {
        tags,
        summary: 'Active technicians with their availability for a window (BUSY / AVAILABLE_SOON / AVAILABLE)',
        querystring: technicianAvailabilityQuery,
        response: { 200: dataOf(itemsPage(availableTechnicianSchema)) },
      },
    },
    async (request) => ({ data: await listAvailableTechnicians(app.db, requireAuth(request), request.query) }),
  );

  r.get(
    '/api/tasks/team',
    {
      preHandler: guard('workorder.view'),
      schema: {
        tags,
        summary: 'Active technicians and subcontractors by name for the team sidebar and pickers, filtered by name, type, tags and zones',
        querystring: teamQuery,
        response: { 200: itemsPage(teamMemberSchema) },
      },
    },
    async (request) => listTeam(app.db, requireAuth(request), request.query),
  );

  r.get(
    '/api/tasks/scheduler',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Tasks meeting a range of at most 62 days for the scheduler chart and calendar; field roles see their own',
        querystring: schedulerQuery,
        response: { 200: dataOf(z.object({ items: z.array(schedulerItemSchema) })) },
      },
    },
    async (request) => ({ data: await listSchedulerTasks(app.db, requireAuth(request), request.query) }),
  );

  r.get(
    '/api/schedule',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "The calendar's feed for a range of at most 62 days: scheduled tasks (field roles their own) and time off",
        querystring: schedulerQuery,
        response: { 200: dataOf(scheduleFeedSchema) },
      },
    },
    async (request) => ({ data: await scheduleFeed(app.db, requireAuth(request), request.query) }),
  );

  r.get(
    '/api/tasks/scheduler/users',
    {
      preHandler: guard('workorder.view'),
      schema: {
        tags,
        summary: "The scheduler's people rows (technicians or subcontractors) with their task count in the range",
        querystring: schedulerUsersQuery,
        response: { 200: dataOf(itemsPage(schedulerUserSchema)) },
      },
    },
    async (request) => ({ data: await listSchedulerUsers(app.db, requireAuth(request), request.query) }),
  );

  r.get(
    '/api/time-off',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "Time off overlapping a range: everyone's for the office, a technician's own",
        querystring: timeOffListQuery,
        response: { 200: dataOf(z.array(timeOffSchema)) },
      },
    },
    async (request) => ({ data: await listTimeOff(app.db, requireAuth(request), request.query) }),
  );

  r.post(
    '/api/time-off',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: "Block a technician's time; 409 SCHEDULE_CONFLICT when one of their tasks overlaps it",
        body: timeOffBody,
        response: { 201: dataOf(timeOffSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createTimeOff(app.db, requireAuth(request), request.body) }),
  );

  r.delete(
    '/api/time-off/:id',
    {
      preHandler: guard('tasks.write'),
      schema: { tags, summary: 'Remove a block of time off', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteTimeOff(app.db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

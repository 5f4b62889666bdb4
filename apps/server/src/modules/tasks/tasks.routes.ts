import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityListQuery, activitySchema } from '@fieldwork/domain/jobs/activity.schemas';
import { clockActivitySchema } from '@fieldwork/domain/tasks/clock.schemas';
import { dataOf, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import {
  closeTaskBody,
  createdTaskSchema,
  createTaskBody,
  filterListBody,
  patchTaskBody,
  taskListItemSchema,
  taskListQuery,
  taskSchema,
  updateTaskBody,
} from '@fieldwork/domain/tasks/tasks.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { closeTask, patchTask } from './tasks-actions.service.ts';
import { createTask, filterTaskList, getTask, listTasksPage, taskChangeLog, taskWorkPeriods, updateTask } from './tasks.service.ts';

/**
 * Field roles hold 'tasks.read' too; the service narrows every task query to their own tasks, and each
 * action is then checked against the domain's rule for this viewer and task.
 */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];

  r.get(
    '/api/tasks',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Tasks of one tab (assigned to me / to others / unscheduled / unassigned / all), filtered, sorted and paged',
        querystring: taskListQuery,
        response: { 200: itemsPage(taskListItemSchema) },
      },
    },
    async (request) => listTasksPage(app.db, requireAuth(request), request.query),
  );

  r.post(
    '/api/tasks',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: 'Create a task on an open job, optionally scheduled and assigned',
        body: createTaskBody,
        response: { 201: dataOf(createdTaskSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createTask(app.db, requireAuth(request), request.body) }),
  );

  r.post(
    '/api/tasks/close',
    {
      config: { idempotent: true },
      preHandler: guard('tasks.read'),
      schema: { tags, summary: 'Close an open or clocked-out task (close-task dialog)', body: closeTaskBody, response: { 200: dataOf(taskSchema) } },
    },
    async (request) => ({ data: await closeTask(app.db, requireAuth(request), request.body) }),
  );

  r.post(
    '/api/tasks/filter-list',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "A user's tasks in the given states, newest first (clock-in pre-check)",
        body: filterListBody,
        response: { 200: dataOf(z.array(taskListItemSchema)) },
      },
    },
    async (request) => ({ data: await filterTaskList(app.db, requireAuth(request), request.body) }),
  );

  r.get(
    '/api/tasks/:id',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'One task with its job, customer, site, schedule, assignee, derived status and allowed actions',
        params: idParams,
        response: { 200: dataOf(taskSchema) },
      },
    },
    async (request) => ({ data: await getTask(app.db, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/api/tasks/:id',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: 'Edit name, description, schedule and assignee of a task in progress; send the version you loaded',
        params: idParams,
        body: updateTaskBody,
        response: { 200: dataOf(taskSchema) },
      },
    },
    async (request) => ({ data: await updateTask(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.patch(
    '/api/tasks/:id',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Cancel (delete), reopen or (re)assign a task: exactly one of isCancelled, isTaskReopen, assignTo',
        params: idParams,
        body: patchTaskBody,
        response: { 200: dataOf(taskSchema) },
      },
    },
    async (request) => ({ data: await patchTask(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.get(
    '/api/tasks/:id/activities',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Work periods of a task (clock-in/out and closing), in start order, with vehicle and assistants',
        params: idParams,
        response: { 200: dataOf(z.array(clockActivitySchema)) },
      },
    },
    async (request) => ({ data: await taskWorkPeriods(app.db, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/api/tasks/:id/activity-log',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Change log of a task, newest first',
        params: idParams,
        querystring: activityListQuery,
        response: { 200: dataOf(itemsPage(activitySchema)) },
      },
    },
    async (request) => ({ data: await taskChangeLog(app.db, requireAuth(request), request.params.id, request.query.page, request.query.limit) }),
  );
}

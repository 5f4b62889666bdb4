import type { FieldErrors, Resolver } from 'react-hook-form';
import { addHoursLocal, fromZonedInput, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import {
  DEFAULT_SCHEDULE_HOURS,
  TASK_MESSAGES,
  createTaskBody,
  updateTaskBody,
  type AssignToChoice,
  type CreateTaskBody,
  type Task,
  type UpdateTaskBody,
} from '@fieldwork/domain/tasks/tasks.schemas';
import { REQUIRED_SELECT } from '../../lib/form-messages';

/** Date-times are the tenant zone's wall clock ("2026-11-21T09:00"), as the date-time inputs show them. */
export type TaskFormValues = {
  name: string;
  jobId: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  assignTo: AssignToChoice;
  assignedTechnicianId: string;
  assignedSubcontractorId: string;
};

export type TaskFormMode = 'create' | 'edit';

/** What the form submits: the API body less the version (the page adds it on edit). */
export type TaskFormOutput = CreateTaskBody;

export function emptyTaskValues(jobId = ''): TaskFormValues {
  return { name: '', jobId, description: '', start: '', end: '', allDay: false, assignTo: 'LATER', assignedTechnicianId: '', assignedSubcontractorId: '' };
}

export function taskToValues(task: Task, timeZone: string): TaskFormValues {
  const s = task.taskScheduler;
  const assignTo: AssignToChoice = task.assignedTo === 'NONE' ? 'LATER' : task.assignedTo;
  return {
    name: task.name,
    jobId: task.jobId,
    description: task.description ?? '',
    start: toZonedInput(s?.startDateTime, timeZone),
    end: toZonedInput(s?.expectedEndDateTime, timeZone),
    allDay: false,
    assignTo,
    assignedTechnicianId: task.assignedUser?.userId ?? '',
    assignedSubcontractorId: task.assignedSubcontractor?.id ?? '',
  };
}

/** A start with no end ends after the default duration. */
export function endOrDefault(start: string, end: string, timeZone: string): string {
  return start && !end ? addHoursLocal(start, DEFAULT_SCHEDULE_HOURS, timeZone) : end;
}

/**
 * Form values as the API body: wall clocks become instants in the tenant zone (invalid ones are dropped),
 * an empty end defaults to start + 2 h, and only the chosen kind of assignee is sent.
 */
export function toTaskBody(v: TaskFormValues, timeZone: string): TaskFormOutput {
  const startDateTime = fromZonedInput(v.start, timeZone);
  const end = startDateTime ? endOrDefault(v.start, v.end, timeZone) : v.end;
  return {
    jobId: v.jobId,
    name: v.name,
    description: v.description,
    startDateTime,
    expectedEndDateTime: fromZonedInput(end, timeZone),
    assignTo: v.assignTo,
    assignedTechnicianId: v.assignTo === 'TECHNICIAN' ? v.assignedTechnicianId || null : null,
    assignedSubcontractorId: v.assignTo === 'SUBCONTRACTOR' ? v.assignedSubcontractorId || null : null,
  };
}

export function toUpdateTaskBody(out: TaskFormOutput, version: number): UpdateTaskBody {
  const { jobId: _job, ...rest } = out;
  // Spec: PUT omits assignTo when the choice is "Assign Later".
  const { assignTo, ...fields } = rest;
  return { ...fields, ...(assignTo === 'LATER' ? {} : { assignTo }), version };
}

/** Which input a message of the API (or the domain schema) belongs under, by the path or the field it names. */
const PATH_FIELDS: Record<string, keyof TaskFormValues> = {
  name: 'name',
  jobId: 'jobId',
  description: 'description',
  startDateTime: 'start',
  expectedEndDateTime: 'end',
  assignTo: 'assignTo',
  assignedTechnicianId: 'assignedTechnicianId',
  assignedSubcontractorId: 'assignedSubcontractorId',
};

const MESSAGE_FIELDS: readonly [prefix: string, field: keyof TaskFormValues][] = [
  ['Task Name', 'name'],
  ['Job', 'jobId'],
  [TASK_MESSAGES.jobNotOpen, 'jobId'],
  ['Description', 'description'],
  ['Start date-time', 'start'],
  ['End date-time', 'end'],
  ['Technician', 'assignedTechnicianId'],
  [TASK_MESSAGES.technicianRequired, 'assignedTechnicianId'],
  ['Subcontractor', 'assignedSubcontractorId'],
  [TASK_MESSAGES.subcontractorRequired, 'assignedSubcontractorId'],
];

export function taskFieldOfMessage(message: string): keyof TaskFormValues | undefined {
  return MESSAGE_FIELDS.find(([prefix]) => message.startsWith(prefix))?.[1];
}

/** Validates with the domain's own create/update schema, so the form and the server say the same thing. */
export function taskResolver(mode: TaskFormMode, timeZone: string): Resolver<TaskFormValues, unknown, TaskFormOutput> {
  return async (values) => {
    const body = toTaskBody(values, timeZone);
    const errors: FieldErrors<TaskFormValues> = {};
    const add = (field: keyof TaskFormValues, message: string) => {
      if (!errors[field]) errors[field] = { type: 'validate', message };
    };
    if (!values.jobId) add('jobId', REQUIRED_SELECT);
    // A start that was typed but is not a date-time is an error, not "no start".
    if (values.start && !body.startDateTime) add('start', 'Start date-time must be a valid date-time.');
    const result = mode === 'edit' ? updateTaskBody.safeParse(toUpdateTaskBody(body, 1)) : createTaskBody.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = PATH_FIELDS[String(issue.path[0] ?? '')] ?? taskFieldOfMessage(issue.message);
        if (field) add(field, issue.message);
      }
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values: body, errors: {} };
  };
}

import { mayHoldJobRole, type JobPeopleRole } from '@fieldwork/domain/jobs/job-people.rules';
import type { z } from 'zod';
import type { AiTextBody, aiTextResultSchema } from '@fieldwork/domain/ai/ai-text.schemas';
import type { CreateJobBody, Job, JobListItem, JobOrderKey, JobStatus, JobStatusAction, JobSummary, UpdateJobBody } from '@fieldwork/domain/jobs/jobs.schemas';
import type { Activity } from '@fieldwork/domain/jobs/activity.schemas';
import type { Note } from '@fieldwork/domain/jobs/notes.schemas';
import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import type { User } from '@fieldwork/domain/access/users.schemas';
import { api, fromItemsPage, type DataOf, type DataPage, type ItemsOf, type ItemsPage } from '../../lib/api-client';
import { refuseOversizedImage } from '../../lib/image-check';
import { uploadFile } from '../../lib/upload';

export type JobListParams = {
  page: number;
  limit: number;
  search?: string;
  orderByKey: JobOrderKey;
  orderByValue: 'asc' | 'desc';
  zoneIds: readonly string[];
  tagIds: readonly string[];
  statuses: readonly JobStatus[];
};

/** Where job media lives: an existing job, or the session token of a job form not saved yet. */
export type MediaTarget = { jobId: string } | { sessionToken: string };

export type AiRequestType = AiTextBody['requestType'];
/** The body without aiTextType, which the call sets: job descriptions are the only kind. */
export type AiTextRequest = Omit<AiTextBody, 'aiTextType'>;
export type AiTextResult = z.infer<typeof aiTextResultSchema>;

export const NOTES_PAGE_SIZE = 10;
export const ACTIVITY_PAGE_SIZE = 10;

export const jobKeys = {
  all: ['jobs'] as const,
  list: ['jobs', 'list'] as const,
  summary: ['jobs', 'summary'] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
  activities: (id: string) => ['jobs', 'activities', id] as const,
  notes: (jobId: string) => ['jobs', 'notes', jobId] as const,
  media: (target: MediaTarget) => ['jobs', 'media', target] as const,
  eligibleUsers: (jobRole: JobPeopleRole) => ['users', 'active', 'eligible', jobRole] as const,
};

export const jobsApi = {
  list: ({ zoneIds, tagIds, statuses, search, ...params }: JobListParams) =>
    api.get<DataPage<JobListItem>>('/jobs', {
      query: {
        ...params,
        search,
        searchBy: search ? 'jobNumber' : undefined,
        'jobZoneIds[]': zoneIds,
        'jobTagIds[]': tagIds,
        'status[]': statuses,
      },
    }),
  summary: async () => (await api.get<DataOf<JobSummary>>('/jobs/summary')).data,
  get: async (id: string) => (await api.get<DataOf<Job>>(`/jobs/${id}`)).data,
  create: async (body: CreateJobBody) => (await api.post<DataOf<{ id?: string; jobNumber?: number } | null>>('/jobs', body)).data,
  update: async (id: string, body: UpdateJobBody) => (await api.put<DataOf<Job>>(`/jobs/${id}`, body)).data,
  changeStatus: async (id: string, action: JobStatusAction) => (await api.patch<DataOf<Job>>(`/jobs/${id}/status`, { action })).data,
  activities: async (id: string, page: number): Promise<DataPage<Activity>> =>
    fromItemsPage((await api.get<DataOf<ItemsPage<Activity>>>(`/jobs/${id}/activities`, { query: { page, limit: ACTIVITY_PAGE_SIZE } })).data),

  notes: async (jobId: string, page: number): Promise<DataPage<Note>> =>
    fromItemsPage(await api.get<ItemsPage<Note>>('/notes', { query: { noteType: 'Job', jobId, page, limit: NOTES_PAGE_SIZE } })),
  addNote: async (jobId: string, note: string) => (await api.post<DataOf<Note>>('/notes', { noteType: 'Job', note, jobId })).data,
  updateNote: async (id: string, note: string) => (await api.patch<DataOf<Note>>(`/notes/${id}`, { note })).data,
  deleteNote: (id: string) => api.delete<unknown>(`/notes/${id}`),

  media: async (target: MediaTarget) => (await api.get<ItemsOf<Media>>('/jobs/media', { query: target })).data.items,
  uploadMedia: async (target: MediaTarget, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) => {
    await refuseOversizedImage(file, 'jobPhoto');
    return (await uploadFile<DataOf<Media>>('/jobs/media', file, { query: target, onProgress, signal })).data;
  },
  deleteMedia: (id: string) => api.delete<unknown>(`/jobs/media/${id}`),

  aiDescription: async (request: AiTextRequest) =>
    (await api.post<DataOf<AiTextResult>>('/aiText/generate', { aiTextType: 'JobDescription', ...request })).data,

  /** Active people who can hold the role on a job (the server filters by the domain rule; the list mirrors it). */
  eligibleUsers: async (jobRole: JobPeopleRole) =>
    (
      await api.get<ItemsPage<User>>('/user', {
        query: { limit: 100, status: 'ACTIVE', page: 1, eligibleFor: jobRole, orderByKey: 'name', orderByValue: 'asc' },
      })
    ).items.filter((u) => mayHoldJobRole(u, jobRole)),
};

/** Where a media file opens; the server sends it as an attachment. */
export const mediaFileUrl = (id: string) => `/api/jobs/media/${id}/file`;

import type { z } from 'zod';
import { MAX_TEAM_PAGE, type scheduleFeedSchema, type TeamMember } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import { api, type DataOf, type ItemsPage } from '../../lib/api-client';

/** The scheduler filter object of the spec, as ids; search is the task-number search. */
export type SchedulerFilters = {
  search?: string;
  status?: readonly TaskStatus[];
  zones?: readonly string[];
  tags?: readonly string[];
  technicianTags?: readonly string[];
  technicianZones?: readonly string[];
  subcontractorTags?: readonly string[];
  subcontractorZones?: readonly string[];
};

export type ScheduleFeed = z.infer<typeof scheduleFeedSchema>;
export type ScheduleRange = { start: string; end: string };

const TEAM_PAGE = MAX_TEAM_PAGE;

/** Filter values in a stable order, so the same selection is the same cache entry. */
const sorted = (v: readonly string[] | undefined) => [...(v ?? [])].sort();
function filterKey(f: SchedulerFilters): string {
  return JSON.stringify([f.search ?? '', sorted(f.status), sorted(f.zones), sorted(f.tags)]);
}
function teamKey(f: SchedulerFilters): string {
  return JSON.stringify([sorted(f.technicianTags), sorted(f.technicianZones), sorted(f.subcontractorTags), sorted(f.subcontractorZones)]);
}

export const schedulerKeys = {
  all: ['scheduler'] as const,
  feeds: ['scheduler', 'feed'] as const,
  feed: (range: ScheduleRange, f: SchedulerFilters) => ['scheduler', 'feed', range.start, range.end, filterKey(f)] as const,
  team: (f: SchedulerFilters) => ['scheduler', 'team', teamKey(f)] as const,
};

export const schedulerApi = {
  /** GET /schedule: the range's scheduled tasks (task-side filters applied by the server) and time off. */
  feed: async (range: ScheduleRange, f: SchedulerFilters, signal?: AbortSignal): Promise<ScheduleFeed> =>
    (
      await api.get<DataOf<ScheduleFeed>>('/schedule', {
        signal,
        query: {
          startDateTime: range.start,
          endDateTime: range.end,
          search: f.search || undefined,
          status: f.status?.length ? f.status : undefined,
          zones: f.zones?.length ? f.zones : undefined,
          tags: f.tags?.length ? f.tags : undefined,
        },
      })
    ).data,

  /**
   * Every active technician and subcontractor (GET /tasks/team, all pages), with the people-side filters:
   * the sidebar and the chart's rows. A big team is one or two pages.
   */
  team: async (f: SchedulerFilters, signal?: AbortSignal): Promise<TeamMember[]> => {
    const query = {
      limit: TEAM_PAGE,
      technicianTagIds: f.technicianTags?.length ? f.technicianTags : undefined,
      technicianZoneIds: f.technicianZones?.length ? f.technicianZones : undefined,
      subcontractorTagIds: f.subcontractorTags?.length ? f.subcontractorTags : undefined,
      subcontractorZonesId: f.subcontractorZones?.length ? f.subcontractorZones : undefined,
    };
    const first = await api.get<ItemsPage<TeamMember>>('/tasks/team', { signal, query: { ...query, page: 1 } });
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.meta.totalPages - 1) }, (_, i) =>
        api.get<ItemsPage<TeamMember>>('/tasks/team', { signal, query: { ...query, page: i + 2 } }),
      ),
    );
    return [first, ...rest].flatMap((p) => p.items);
  },
};

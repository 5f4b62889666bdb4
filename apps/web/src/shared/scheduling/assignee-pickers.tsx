import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { AVAILABILITY_LABELS, type AvailabilityStatus, type AvailableTechnician } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { Avatar } from '../../components/avatar';
import { Badge, type BadgeTone } from '../../components/badge';
import { MultiSelect } from '../../components/multi-select';
import { SearchInput } from '../../components/search-input';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { formatTime } from '../../lib/format';
import { toOptions, useTags, useZones } from '../../features/settings/lookups.api';
import { subcontractorKeys, subcontractorsApi } from '../../features/subcontractors/subcontractors.api';
import { PICKER_LIMIT } from '../../features/tasks/tasks.api';
import { schedulingApi, schedulingKeys } from '../../features/scheduling/scheduling.api';

const AVAILABILITY_TONES = { AVAILABLE: 'success', AVAILABLE_SOON: 'warning', BUSY: 'danger' } as const satisfies Record<AvailabilityStatus, BadgeTone>;

/** "After hh:mm" when available soon (from the previous task's end), "Until hh:mm" when available until the next task. */
export function availabilityWindowText(t: Pick<AvailableTechnician, 'status' | 'availability'>, timeZone: string): string {
  if (t.status === 'AVAILABLE_SOON' && t.availability.startDateTime) return `After ${formatTime(t.availability.startDateTime, timeZone)}`;
  if (t.status === 'AVAILABLE' && t.availability.endDateTime) return `Until ${formatTime(t.availability.endDateTime, timeZone)}`;
  return '';
}

type CardProps = { name: string; picture: string | null; selected: boolean; disabled?: boolean; multiple?: boolean; onPick: () => void; children?: ReactNode };

function PersonCard({ name, picture, selected, disabled, multiple, onPick, children }: CardProps) {
  return (
    <button
      type="button"
      role={multiple ? 'checkbox' : 'radio'}
      aria-checked={selected}
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && onPick()}
      className={cn(
        'flex w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        selected ? 'border-primary bg-primary-soft' : 'border-border bg-white hover:bg-gray-50',
        // Not faded: the Busy badge keeps its AA contrast.
        disabled && 'cursor-not-allowed bg-gray-50 hover:bg-gray-50',
      )}
    >
      <Avatar name={name} src={picture} size={28} />
      <span className={cn('min-w-0 flex-1 truncate font-medium', disabled ? 'text-muted' : 'text-gray-900')}>{name}</span>
      {children}
      {selected ? <Check size={16} aria-hidden="true" className="text-primary" /> : null}
    </button>
  );
}

function PickerList({
  label,
  loading,
  empty,
  multiple,
  children,
}: {
  label: string;
  loading: boolean;
  empty: string | null;
  multiple?: boolean;
  children: ReactNode;
}) {
  if (loading)
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  if (empty) return <p className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-muted">{empty}</p>;
  return (
    <div role={multiple ? 'group' : 'radiogroup'} aria-label={label} className="max-h-80 space-y-2 overflow-y-auto">
      {children}
    </div>
  );
}

type TechnicianPickerProps = {
  /** The window as UTC instants; null until a start is chosen. */
  window: { startDateTime: string; expectedEndDateTime: string | null; excludeTaskId?: string } | null;
  value: string | null;
  onChange: (userId: string) => void;
  timeZone: string;
};

/** Technician cards for the window, refetched when it changes; a BUSY technician cannot be picked. */
export function TechnicianPicker({ window, value, onChange, timeZone }: TechnicianPickerProps) {
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const tags = useTags('SERVICE');
  const zones = useZones();
  const params = window ? { ...window, search, technicianTagIds: tagIds, technicianZoneIds: zoneIds } : null;
  const technicians = useQuery({
    queryKey: params ? schedulingKeys.technicians(params) : ['scheduling', 'technicians', 'none'],
    queryFn: () => schedulingApi.technicians(params!),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const items = technicians.data ?? [];
  return (
    <div className="space-y-2">
      <SearchInput value={search} onChange={setSearch} aria-label="Search technicians" placeholder="Search technicians" className="sm:w-full" />
      <div className="grid grid-cols-2 gap-2">
        <MultiSelect aria-label="Qualification tags" placeholder="Tags" options={toOptions(tags.data)} value={tagIds} onChange={setTagIds} />
        <MultiSelect aria-label="Operating zones" placeholder="Zones" options={toOptions(zones.data)} value={zoneIds} onChange={setZoneIds} />
      </div>
      {!window ? (
        <p className="text-sm text-muted">Choose a start date and time to see who is available.</p>
      ) : (
        <PickerList
          label="Technicians"
          loading={technicians.isLoading}
          empty={technicians.isError ? 'Technicians could not be loaded.' : items.length ? null : 'No technicians found'}
        >
          {items.map((t) => {
            const windowText = availabilityWindowText(t, timeZone);
            return (
              <PersonCard
                key={t.userId}
                name={t.username}
                picture={t.profilePictureUrl}
                selected={t.userId === value}
                disabled={t.status === 'BUSY'}
                onPick={() => onChange(t.userId)}
              >
                <span className="flex shrink-0 flex-col items-end gap-0.5">
                  <Badge tone={AVAILABILITY_TONES[t.status]}>{AVAILABILITY_LABELS[t.status]}</Badge>
                  {windowText ? <span className="text-xs text-muted">{windowText}</span> : null}
                </span>
              </PersonCard>
            );
          })}
        </PickerList>
      )}
    </div>
  );
}

type SubcontractorPickerProps =
  | { multiple?: false; value: string | null; onChange: (id: string) => void }
  /** Request Bids: any number of subcontractors, toggled on and off. */
  | { multiple: true; value: readonly string[]; onChange: (ids: string[]) => void };

/** Active subcontractors (page 1, limit 100) by name, tag and zone; one to assign, or several to request bids from. */
export function SubcontractorPicker(props: SubcontractorPickerProps) {
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const tags = useTags('SERVICE');
  const zones = useZones();
  const params = { page: 1, limit: PICKER_LIMIT, search: search || undefined, status: 'active' as const, tagIds, zoneIds };
  const subs = useQuery({
    queryKey: [...subcontractorKeys.list, 'schedule-picker', params],
    queryFn: () => subcontractorsApi.list(params),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = subs.data?.data ?? [];
  const isSelected = (id: string) => (props.multiple ? props.value.includes(id) : props.value === id);
  const pick = (id: string) => {
    if (!props.multiple) return props.onChange(id);
    props.onChange(props.value.includes(id) ? props.value.filter((v) => v !== id) : [...props.value, id]);
  };
  return (
    <div className="space-y-2">
      <SearchInput value={search} onChange={setSearch} aria-label="Search subcontractors" placeholder="Search subcontractors" className="sm:w-full" />
      <div className="grid grid-cols-2 gap-2">
        <MultiSelect aria-label="Tags" placeholder="Tags" options={toOptions(tags.data)} value={tagIds} onChange={setTagIds} />
        <MultiSelect aria-label="Zones" placeholder="Zones" options={toOptions(zones.data)} value={zoneIds} onChange={setZoneIds} />
      </div>
      <PickerList
        label="Subcontractors"
        multiple={props.multiple}
        loading={subs.isLoading}
        empty={subs.isError ? 'Subcontractors could not be loaded.' : items.length ? null : 'No subcontractors found'}
      >
        {items.map((s) => (
          <PersonCard key={s.id} name={s.name} picture={null} multiple={props.multiple} selected={isSelected(s.id)} onPick={() => pick(s.id)}>
            {s.contactName ? <span className="shrink-0 truncate text-xs text-muted">{s.contactName}</span> : null}
          </PersonCard>
        ))}
      </PickerList>
    </div>
  );
}

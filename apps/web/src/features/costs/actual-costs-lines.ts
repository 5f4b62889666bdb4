/**
 * The lines of the actual-costs page: suggestion lines prefilled from finished work periods, and
 * manual lines. Saving posts each included line one after another, so the count and the failures are exact;
 * saved lines leave the page and failed ones stay with the server's message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COST_TYPE_LABELS, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { CostSuggestions } from '@fieldwork/domain/jobs/costs.schemas';
import { isApiError, messageOf } from '../../lib/api-client';
import { emptyCostValues, liveAmount, toCostInput, type CostFormValues } from '../../shared/costs/cost-fields';
import { useSendOrQueue } from '../../shared/offline/use-action-queue';
import { costKeys, costsApi, type CostInput } from './costs.api';

export type SuggestionInfo = { activityId: string; who: string; role: string | null; startTime: string; endTime: string };

export type CostLine = {
  key: string;
  type: CostType;
  values: CostFormValues;
  include: boolean;
  /** Set on lines prefilled from a work period; they are posted with its activityId. */
  suggestion: SuggestionInfo | null;
  error: string | null;
};

let seq = 0;
const nextKey = () => `line-${++seq}`;
const str = (n: number) => String(n);

export function suggestionLines(s: CostSuggestions): CostLine[] {
  const labor = s.labor.map<CostLine>((l) => ({
    key: nextKey(),
    type: 'LABOR',
    values: { ...emptyCostValues('LABOR'), userId: l.user.id, date: l.date.slice(0, 10), hours: str(l.hours), hourlyRate: str(l.hourlyRate) },
    include: true,
    suggestion: {
      activityId: l.activityId,
      who: l.user.name,
      role: l.role === 'ASSISTANT' ? 'Assistant' : 'Assignee',
      startTime: l.startTime,
      endTime: l.endTime,
    },
    error: null,
  }));
  const vehicle = s.vehicle.map<CostLine>((v) => ({
    key: nextKey(),
    type: 'VEHICLE',
    values: {
      ...emptyCostValues('VEHICLE'),
      vehicleId: v.vehicle.id,
      date: v.date.slice(0, 10),
      hours: str(v.hours),
      hourlyRate: str(v.hourlyRate),
      miles: str(v.miles),
      mileRate: str(v.mileRate),
    },
    include: true,
    suggestion: { activityId: v.activityId, who: v.vehicle.name, role: null, startTime: v.startTime, endTime: v.endTime },
    error: null,
  }));
  return [...labor, ...vehicle];
}

export function manualLine(type: CostType, today: string): CostLine {
  return { key: nextKey(), type, values: { ...emptyCostValues(type), date: today }, include: true, suggestion: null, error: null };
}

/** The body a line posts: a job cost of this job (and task), with its work period when it came from one. */
export function lineBody(line: CostLine, links: { jobId: string; taskId?: string | undefined }): CostInput {
  const body = toCostInput(line.type, line.values, { costFor: 'JOB', jobId: links.jobId, taskId: links.taskId ?? null });
  return line.suggestion ? ({ ...body, activityId: line.suggestion.activityId } as CostInput) : body;
}

/** Dollars of the included lines with a known amount, summed in cents to avoid float drift. */
export function linesTotal(lines: readonly CostLine[]): number {
  const cents = lines.filter((l) => l.include).reduce((sum, l) => sum + Math.round((liveAmount(l.type, l.values) ?? 0) * 100), 0);
  return cents / 100;
}

export type SaveResult = { saved: number; failed: number; kept: number };

export function useActualCostLines({
  jobId,
  taskId,
  suggestions,
  keptLabel,
}: {
  jobId: string | undefined;
  taskId: string | undefined;
  suggestions: CostSuggestions | undefined;
  /** "Cost · task #12 Replace valve": how a line kept on the phone offline is listed. */
  keptLabel?: string;
}) {
  const queryClient = useQueryClient();
  const sendOrQueue = useSendOrQueue();
  // One Idempotency-Key per line, kept across retries of that line: sent twice (a lost answer), saved once.
  const keys = useRef(new Map<string, string>());
  const [lines, setLines] = useState<CostLine[]>([]);
  const [saving, setSaving] = useState(false);
  const seeded = useRef(false);

  // Suggestions seed the page once: a refetch must not bring back lines the user unticked or already saved.
  useEffect(() => {
    if (seeded.current || !suggestions) return;
    seeded.current = true;
    setLines((current) => [...suggestionLines(suggestions), ...current]);
  }, [suggestions]);

  const update = useCallback(
    (key: string, patch: Partial<CostLine>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch, error: patch.error ?? null } : l))),
    [],
  );
  const add = useCallback((line: CostLine) => setLines((ls) => [...ls, line]), []);
  const remove = useCallback((key: string) => setLines((ls) => ls.filter((l) => l.key !== key)), []);

  const save = useCallback(async (): Promise<SaveResult> => {
    if (!jobId) return { saved: 0, failed: 0, kept: 0 };
    setSaving(true);
    const savedKeys = new Set<string>();
    const errors = new Map<string, string>();
    let kept = 0;
    try {
      for (const line of lines.filter((l) => l.include)) {
        try {
          const body = lineBody(line, { jobId, taskId });
          const key = keys.current.get(line.key) ?? crypto.randomUUID();
          keys.current.set(line.key, key);
          // A task's cost without signal is kept on the phone and sent later; a job's cost (office) is sent now.
          const result = taskId
            ? await sendOrQueue({ id: key, kind: 'cost', taskId, payload: body, summary: `${keptLabel ?? 'Cost'}: ${COST_TYPE_LABELS[line.type]}` }, () =>
                costsApi.create(body, key),
              )
            : { queued: false, result: await costsApi.create(body, key) };
          if (result.queued) kept += 1;
          savedKeys.add(line.key);
          keys.current.delete(line.key);
        } catch (error) {
          // A validation failure names every field at fault; show them all on the line.
          errors.set(line.key, isApiError(error) ? error.messages.join(' ') : messageOf(error));
        }
      }
    } finally {
      setLines((ls) => ls.filter((l) => !savedKeys.has(l.key)).map((l) => (errors.has(l.key) ? { ...l, error: errors.get(l.key) ?? null } : l)));
      setSaving(false);
      if (savedKeys.size > kept) void queryClient.invalidateQueries({ queryKey: costKeys.all });
    }
    return { saved: savedKeys.size - kept, failed: errors.size, kept };
  }, [jobId, taskId, lines, queryClient, sendOrQueue, keptLabel]);

  return { lines, update, add, remove, save, saving };
}

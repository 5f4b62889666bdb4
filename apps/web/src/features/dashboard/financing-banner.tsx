import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HandCoins, X } from 'lucide-react';
import { toast } from 'sonner';
import { FINANCING_TEXT } from '@fieldwork/domain/company/onboarding.schemas';
import { buttonClass } from '../../components/button';
import { messageOf } from '../../lib/api-client';
import { dashboardApi, dashboardKeys } from './dashboard.api';

/**
 * The Customer Financing promotion: only when the company has set its lender's apply page and this user
 * has not dismissed it. A failed load shows nothing: it is a promotion, not a figure.
 */
export function FinancingBanner() {
  const queryClient = useQueryClient();
  const financing = useQuery({ queryKey: dashboardKeys.financing, queryFn: dashboardApi.financing });
  const dismiss = useMutation({
    mutationFn: dashboardApi.dismissFinancing,
    onMutate: () => {
      const before = queryClient.getQueryData(dashboardKeys.financing);
      if (financing.data) queryClient.setQueryData(dashboardKeys.financing, { ...financing.data, dismissed: true });
      return { before };
    },
    onError: (error, _v, context) => {
      queryClient.setQueryData(dashboardKeys.financing, context?.before);
      toast.error(messageOf(error));
    },
  });
  const f = financing.data;
  if (!f?.url || f.dismissed) return null;
  return (
    <aside
      aria-label={FINANCING_TEXT.title}
      className="mb-4 flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary-soft px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <HandCoins size={20} className="mt-0.5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <p className="text-sm font-semibold text-gray-900">{FINANCING_TEXT.title}</p>
          <p className="text-sm text-gray-700">Let your customers pay over time: offer financing through our lending partner.</p>
        </div>
      </div>
      <div className="flex items-center gap-2 self-end sm:self-auto">
        <a href={f.url} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'sm')}>
          {FINANCING_TEXT.button}
        </a>
        <button
          type="button"
          aria-label="Dismiss Customer Financing"
          className="rounded p-1.5 text-gray-600 hover:bg-white/70"
          onClick={() => dismiss.mutate()}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}

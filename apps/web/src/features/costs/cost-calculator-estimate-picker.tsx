/**
 * Spec: "Cost dialog needs an estimate selected." Without an estimateId the calculator asks for one: a
 * type-to-search over estimates by number; choosing one puts it in the URL.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { SearchSelect, type SearchSelectOption } from '../../components/search-select';
import { formatMoney } from '../../lib/money';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { billingKeys, estimatesApi } from '../billing/billing.api';

const SEARCH_LIMIT = 20;

export function CostCalculatorEstimatePicker({ onSelect }: { onSelect: (estimateId: string) => void }) {
  const [search, setSearch] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const params = { page: 1, limit: SEARCH_LIMIT, search: debounced || undefined, orderByKey: 'createdOn', orderByValue: 'desc' } as const;
  const estimates = useQuery({
    queryKey: billingKeys.estimateList({ ...params, picker: 'cost-calculator' }),
    queryFn: () => estimatesApi.list(params),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options: SearchSelectOption[] = (estimates.data?.data ?? []).map((e) => ({
    value: e.id,
    label: `Estimate #${e.estimateNumber}`,
    description: `${e.account.name} · ${formatMoney(e.totalAmount)}`,
  }));
  return (
    <Card>
      <div className="max-w-md space-y-3">
        <p className="text-sm font-medium text-gray-900">{COST_MESSAGES.estimateRequired}</p>
        <Field label="Estimate">
          {(props) => (
            <SearchSelect
              {...props}
              value=""
              selectedLabel=""
              onSearchChange={setSearch}
              options={options}
              loading={estimates.isFetching && options.length === 0}
              onSelect={(o) => (o ? onSelect(o.value) : undefined)}
              placeholder="Search estimates by number"
              emptyText="No estimates found"
            />
          )}
        </Field>
      </div>
    </Card>
  );
}

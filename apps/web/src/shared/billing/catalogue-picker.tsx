import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@fieldwork/domain/billing/catalogue.schemas';
import { SearchSelect } from '../../components/search-select';
import { formatMoney } from '../../lib/money';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { billingKeys, catalogueApi } from '../../features/billing/billing.api';

/**
 * "Add from catalogue": type to search the products & services catalogue (debounced), pick one with the
 * mouse or arrows + Enter, and it becomes a new line. The box empties again for the next pick.
 */
export function CataloguePicker({ id, onPick, disabled }: { id: string; onPick: (item: CatalogueItem) => void; disabled?: boolean }) {
  const [search, setSearch] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const items = useQuery({
    queryKey: billingKeys.catalogue(debounced ?? ''),
    queryFn: () => catalogueApi.search(debounced ?? ''),
    enabled: debounced !== null && !disabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const list = items.data ?? [];
  const options = list.map((item) => ({
    value: item.id,
    label: item.name,
    description: [formatMoney(item.rate), item.isTaxable ? `Tax ${item.taxPercent}%` : 'Non-taxable', item.description].filter(Boolean).join(' · '),
  }));
  return (
    <SearchSelect
      id={id}
      value=""
      selectedLabel=""
      onSearchChange={setSearch}
      options={options}
      loading={items.isFetching && options.length === 0}
      onSelect={(option) => {
        const item = option && list.find((i) => i.id === option.value);
        if (item) onPick(item);
      }}
      placeholder="Search products & services"
      emptyText="No products or services found"
      disabled={disabled}
    />
  );
}

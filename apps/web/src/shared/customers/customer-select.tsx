import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchSelect, type SearchSelectOption } from '../../components/search-select';
import type { ControlProps } from '../../components/field';
import type { Customer } from '@fieldwork/domain/customers/customers.schemas';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { customerKeys, customersApi } from '../../features/customers/customers.api';

export const CUSTOMER_SEARCH_LIMIT = 20;

/** The spec: the first address becomes the site address and the billing contact the site contact. */
export function customerDefaults(customer: Customer) {
  return {
    siteAddressId: customer.customerAddress[0]?.id ?? '',
    siteContactId: customer.contacts.find((c) => c.isBilling)?.id ?? '',
  };
}

export type CustomerSelectProps = Partial<ControlProps> & {
  value: string;
  /** The chosen customer's name (the search list may not hold it). */
  selectedName: string;
  onSelect: (customer: { id: string; name: string } | null) => void;
  disabled?: boolean;
  clearable?: boolean;
};

/** Type-to-search over active customers (debounced 300 ms); the list loads only while the popup is used. */
export function CustomerSelect({ value, selectedName, onSelect, disabled, clearable, invalid, ...control }: CustomerSelectProps) {
  const [search, setSearch] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const customers = useQuery({
    queryKey: [...customerKeys.list, 'select', debounced ?? ''],
    queryFn: () =>
      customersApi.list({
        page: 1,
        limit: CUSTOMER_SEARCH_LIMIT,
        search: debounced || undefined,
        orderByKey: 'name',
        orderByValue: 'asc',
        status: 'active',
      }),
    enabled: debounced !== null && !disabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options: SearchSelectOption[] = (customers.data?.data ?? []).map((c) => ({
    value: c.id,
    label: c.name,
    description: c.primaryAddress ?? undefined,
  }));
  return (
    <SearchSelect
      {...control}
      invalid={invalid}
      value={value}
      selectedLabel={selectedName}
      onSearchChange={setSearch}
      options={options}
      loading={customers.isFetching && options.length === 0}
      onSelect={(o) => onSelect(o ? { id: o.value, name: o.label } : null)}
      placeholder="Search customers"
      emptyText="No customers found"
      disabled={disabled}
      clearable={clearable}
    />
  );
}

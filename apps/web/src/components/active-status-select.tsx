import { Select } from './select';

/** The archive filter of lists whose records can be made inactive (customers, subcontractors). */
export type ActiveStatus = 'active' | 'inactive' | 'all';

const OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

export function ActiveStatusSelect({ value, onChange, className }: { value: ActiveStatus; onChange: (status: ActiveStatus) => void; className?: string }) {
  return (
    <Select aria-label="Filter by status" className={className} value={value} onChange={(e) => onChange(e.target.value as ActiveStatus)} options={OPTIONS} />
  );
}

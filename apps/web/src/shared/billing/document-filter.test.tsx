import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import { DATE_PRESET_LABELS, DATE_PRESETS } from '@fieldwork/domain/time/date-presets.rules';
import { DocumentFilter, documentFilterCount, statusOptions, type DocumentFilterValues } from './document-filter';

const OPTIONS = statusOptions(INVOICE_STATUSES, INVOICE_STATUS_LABELS);

describe('DocumentFilter', () => {
  it('counts the preset and each status as active filters', () => {
    expect(documentFilterCount({ createdOn: null, statuses: [] })).toBe(0);
    expect(documentFilterCount({ createdOn: 'this_week', statuses: ['PAID', 'VOID'] })).toBe(3);
  });

  it('offers the eight created-on presets and the statuses with their labels', async () => {
    render(<DocumentFilter<InvoiceStatus> id="f" value={{ createdOn: null, statuses: [] }} statusOptions={OPTIONS} onApply={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const popover = within(await screen.findByRole('dialog', { name: 'Filter By' }));
    const presets = within(popover.getByLabelText('Created On'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(presets).toEqual(['Any time', ...DATE_PRESETS.map((p) => DATE_PRESET_LABELS[p])]);
    expect(OPTIONS.map((o) => o.label)).toEqual(['Draft', 'Open', 'Paid', 'Void']);
  });

  it('applies nothing until Apply, and Clear all empties the draft', async () => {
    const onApply = vi.fn();
    const value: DocumentFilterValues<InvoiceStatus> = { createdOn: 'last_month', statuses: ['PAID'] };
    render(<DocumentFilter id="f" value={value} statusOptions={OPTIONS} onApply={onApply} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filter (2 active)' }));
    const popover = within(await screen.findByRole('dialog', { name: 'Filter By' }));
    expect((popover.getByLabelText('Created On') as HTMLSelectElement).value).toBe('last_month');
    await user.click(popover.getByRole('button', { name: 'Clear all' }));
    expect(onApply).not.toHaveBeenCalled();
    await user.click(popover.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ createdOn: null, statuses: [] });
  });
});

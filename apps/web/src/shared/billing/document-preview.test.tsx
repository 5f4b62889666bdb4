import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApprovalBlock, DocumentPreview, formatDay, type DocumentPreviewProps } from './document-preview';
import { estimate, PNG_DATA_URL, renderInRouter } from './preview-test-fixtures';

const props = (overrides: Partial<DocumentPreviewProps> = {}): DocumentPreviewProps => ({
  doc: estimate(),
  title: 'Estimate',
  number: 2001,
  status: <span>Open</span>,
  companyName: 'Acme Field Services',
  timeZone: 'America/New_York',
  documentDate: { kind: 'estimate', value: '2025-03-04' },
  customerMessage: 'Thank you for your business.',
  ...overrides,
});

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

describe('document preview', { timeout: 20_000 }, () => {
  afterEach(() => setWidth(1024));

  it('renders the paper document: parties, lines table, totals with deposit, message and margin', async () => {
    setWidth(1280);
    renderInRouter(<DocumentPreview {...props()} />);
    const doc = await screen.findByRole('article', { name: 'Estimate #2001' });
    expect(within(doc).getByText('Acme Field Services')).toBeTruthy();
    for (const text of ['Northwind Plumbing', '12 Harbor Rd, Boston, MA', 'Unit 4B', 'Bill Payer', 'Sita Contact', 'Net 30', 'Thank you for your business.']) {
      expect(within(doc).getByText(text)).toBeTruthy();
    }
    expect(within(doc).getByRole('link', { name: '#1042' }).getAttribute('href')).toBe(`/workorder/jobs/${estimate().job?.id}`);
    const table = within(doc).getByRole('table', { name: 'Products and services' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Description', 'Qty', 'Rate', 'Tax %', 'Amount']);
    const pump = within(table).getByText('Pump').closest('tr') as HTMLElement;
    expect([...pump.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Pump', 'Circulation pump', '2', '$150.00', '10%', '$300.00']);
    const totalsList = doc.querySelector('dl[aria-label="Totals"]') as HTMLElement;
    expect(totalsList.textContent).toBe('Subtotal$420.00Tax$30.00Freight$0.00Total$450.00Deposit$100.00');
    const margin = within(doc).getByRole('region', { name: 'Margin' });
    expect(margin.textContent).toContain('$150.50');
    expect(margin.textContent).toContain('35.83%');
    expect(margin.querySelector('.text-danger')).toBeNull();
  });

  it('dates a document without its own date (an invoice converted from an estimate) the day it was created, as its PDF does', async () => {
    setWidth(1280);
    // Created 01:30 UTC on Mar 5 is still Mar 4 in New York.
    renderInRouter(
      <DocumentPreview
        {...props({
          doc: estimate({ createdAt: '2025-03-05T01:30:00.000Z', dueDate: null }),
          title: 'Invoice',
          documentDate: { kind: 'invoice', value: null },
        })}
      />,
    );
    const doc = await screen.findByRole('article', { name: 'Invoice #2001' });
    const dates = [...doc.querySelectorAll('header dl dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(dates.slice(0, 2)).toEqual([`Invoice Date: ${formatDay('2025-03-04')}`, 'Due Date: —']);
  });

  it('shows negative margin in red, hides deposit when not required and margin for field readers', async () => {
    setWidth(1280);
    const { unmount } = renderInRouter(
      <DocumentPreview {...props({ doc: estimate({ totalMargin: -12.5, marginPercentage: -3, isDepositRequired: false }) })} />,
    );
    const margin = await screen.findByRole('region', { name: 'Margin' });
    expect(within(margin).getByText('-$12.50').className).toContain('text-danger');
    expect(screen.queryByText('Deposit')).toBeNull();
    unmount();
    renderInRouter(<DocumentPreview {...props({ doc: estimate({ totalMargin: undefined, marginPercentage: undefined, totalRevenue: undefined }) })} />);
    await screen.findByRole('article');
    expect(screen.queryByRole('region', { name: 'Margin' })).toBeNull();
  });

  it('stacks lines as cards on a phone and keeps the compact form to lines and totals', async () => {
    setWidth(390);
    renderInRouter(<DocumentPreview {...props({ compact: true })} />);
    const list = await screen.findByRole('list', { name: 'Products and services' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('2 × $150.00 · Tax 10%')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Billing Contact')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Margin' })).toBeNull();
  });

  it('shows calendar days as written whatever the zone', () => {
    expect(formatDay('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatDay(null)).toBe('—');
  });

  it('renders the approval with the signature image and the signed time in the tenant zone', async () => {
    renderInRouter(
      <ApprovalBlock
        timeZone="America/New_York"
        approval={{
          decision: 'CHANGE_REQUEST',
          signerName: 'Carla Customer',
          signedAt: '2025-03-05T14:30:00.000Z',
          signerIp: '203.0.113.7',
          comment: 'Add a second pump',
          signature: PNG_DATA_URL,
        }}
      />,
    );
    const block = await screen.findByRole('region', { name: 'Approval' });
    for (const text of ['Change Request', 'Carla Customer', 'Mar 5, 2025, 9:30 AM', '203.0.113.7', 'Add a second pump'])
      expect(within(block).getByText(text)).toBeTruthy();
    expect(within(block).getByRole('img', { name: 'Signature of Carla Customer' }).getAttribute('src')).toBe(PNG_DATA_URL);
    expect(within(block).getByText('Onsite')).toBeTruthy();
  });

  it("shows the portal's record of an answer: where, the typed signature, the browser and the document's fingerprint", async () => {
    renderInRouter(
      <ApprovalBlock
        timeZone="America/New_York"
        approval={{
          decision: 'APPROVED',
          signerName: 'Pat Portal',
          signedAt: '2025-03-05T14:30:00.000Z',
          signerIp: '198.51.100.4',
          comment: null,
          signature: null,
          via: 'portal',
          userAgent: 'Mozilla/5.0 (iPhone)',
          typedSignature: 'Pat Portal',
          documentHash: 'ab'.repeat(32),
        }}
      />,
    );
    const block = await screen.findByRole('region', { name: 'Approval' });
    for (const text of ['In the customer portal', 'Mozilla/5.0 (iPhone)', 'ab'.repeat(32)]) expect(within(block).getByText(text)).toBeTruthy();
    expect(within(block).getAllByText('Pat Portal')).toHaveLength(2);
    expect(within(block).queryByRole('img')).toBeNull();
  });
});

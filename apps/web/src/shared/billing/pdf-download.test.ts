import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PDF_MESSAGES } from '@fieldwork/domain/billing/documents.rules';
import { fetchPdf } from '../../features/billing/billing.api';
import { downloadPdf } from './use-document-actions';

const toast = vi.hoisted(() => ({ info: vi.fn(), error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// Plain answers with what fetchPdf reads (jsdom's Blob and Node's Response do not mix).
const pdf = () => ({ ok: true, status: 200, blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
const failed = (status: number) => ({ ok: false, status, blob: async () => new Blob([]) });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('PDF download (one attempt, one retry; the slow notice only after 2 s)', () => {
  it('retries once after a server error or a dropped connection, and no more', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(failed(502)).mockResolvedValueOnce(pdf());
    vi.stubGlobal('fetch', fetchMock);
    expect((await fetchPdf('invoice', 'i1')).size).toBe(8);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/invoices/i1/pdf', '/api/invoices/i1/pdf']);

    const failing = vi.fn().mockRejectedValue(new TypeError('network'));
    vi.stubGlobal('fetch', failing);
    await expect(fetchPdf('estimate', 'e1')).rejects.toThrow('network');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refusal (4xx)', async () => {
    const fetchMock = vi.fn().mockResolvedValue(failed(404));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchPdf('estimate', 'e1')).rejects.toThrow('404');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('downloads a quick PDF without the notice, under the document’s file name', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(pdf()));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    expect(await downloadPdf('estimate', 'e1', 1061)).toBe(true);
    expect(clicked).toEqual(['Estimate-1061.pdf']);
    expect(toast.info).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('says "Pdf will be downloaded in 30–60 seconds" once a download passes 2 s, and "Error occurred!" when it fails', async () => {
    vi.useFakeTimers();
    let answer: (r: ReturnType<typeof pdf>) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<ReturnType<typeof pdf>>((resolve) => (answer = resolve))),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const done = downloadPdf('invoice', 'i1', 1052);
    await vi.advanceTimersByTimeAsync(1_900);
    expect(toast.info).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(toast.info).toHaveBeenCalledWith(PDF_MESSAGES.slow);
    answer(pdf());
    expect(await done).toBe(true);
    click.mockRestore();

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(failed(500)));
    expect(await downloadPdf('invoice', 'i1', 1052)).toBe(false);
    expect(toast.error).toHaveBeenCalledWith(PDF_MESSAGES.failed);
  });
});

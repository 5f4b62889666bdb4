/**
 * Photos a customer sent with a request for work, as small thumbnails on the lead; one opens large in a dialog,
 * with the others a click away. The images come from the staff route that serves a photo through its lead.
 */
import { useState } from 'react';
import type { Lead } from '@fieldwork/domain/customers/leads.schemas';
import { Dialog } from '../../components/dialog';
import { cn } from '../../lib/cn';

export function LeadPhotoThumbs({ lead }: { lead: Lead }) {
  const [open, setOpen] = useState<number | null>(null);
  if (lead.photos.length === 0) return <span className="text-muted">—</span>;
  const shown = open === null ? null : lead.photos[open];
  return (
    <>
      <div className="flex flex-wrap gap-1" onClick={(e) => e.stopPropagation()}>
        {lead.photos.map((p, i) => (
          <button
            key={p.id}
            type="button"
            onClick={() => setOpen(i)}
            className="h-10 w-10 overflow-hidden rounded border border-border bg-gray-50 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
            aria-label={`Open photo ${i + 1} of ${lead.photos.length} on lead #${lead.leadNumber}`}
          >
            <img src={p.url} alt="" loading="lazy" className="h-full w-full object-cover" />
          </button>
        ))}
      </div>
      <Dialog
        open={shown !== null && shown !== undefined}
        onOpenChange={(o) => (o ? null : setOpen(null))}
        title={`Lead #${lead.leadNumber} · photo ${(open ?? 0) + 1} of ${lead.photos.length}`}
        className="max-w-3xl"
      >
        {shown ? (
          <div className="space-y-3">
            <img
              src={shown.url}
              alt={`Photo ${(open ?? 0) + 1} sent with lead #${lead.leadNumber}`}
              className="mx-auto max-h-[65vh] w-auto rounded object-contain"
            />
            {lead.photos.length > 1 ? (
              <div className="flex flex-wrap justify-center gap-2">
                {lead.photos.map((p, i) => (
                  <button
                    key={p.id}
                    type="button"
                    onClick={() => setOpen(i)}
                    aria-label={`Show photo ${i + 1}`}
                    aria-current={i === open}
                    className={cn('h-12 w-12 overflow-hidden rounded border', i === open ? 'border-primary ring-2 ring-primary' : 'border-border')}
                  >
                    <img src={p.url} alt="" className="h-full w-full object-cover" />
                  </button>
                ))}
              </div>
            ) : null}
            <a href={shown.url} target="_blank" rel="noreferrer" className="block text-center text-sm text-primary hover:underline">
              Open full size
            </a>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}

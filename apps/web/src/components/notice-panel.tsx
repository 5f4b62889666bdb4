import type { ReactNode } from 'react';

/** A centred message in place of a page's content (not found, cannot edit), with the way out. */
export function NoticePanel({ icon, title, children, action }: { icon?: ReactNode; title?: string; children: ReactNode; action: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-border bg-white px-6 py-10 text-center">
      {icon}
      {title ? <p className="text-base font-semibold text-gray-900">{title}</p> : null}
      <div className="text-sm text-gray-900">{children}</div>
      {action}
    </div>
  );
}

/** Shown over an edit form after a 409 STALE_VERSION: the form was reloaded with the other person's save. */
export function StaleVersionNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-4 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
      {message} The form now shows the latest saved version.
    </div>
  );
}

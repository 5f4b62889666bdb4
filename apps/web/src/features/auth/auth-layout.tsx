import type { ReactNode } from 'react';

/** The centred card of every signed-out screen. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-full items-start justify-center bg-canvas px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2">
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-md bg-primary text-base font-bold text-white">
            F
          </span>
          <span className="text-lg font-semibold text-gray-900">Fieldwork</span>
        </div>
        <div className="rounded-lg border border-border bg-white p-6 shadow-sm">
          <h1 className="text-lg font-semibold text-gray-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
          <div className="mt-5">{children}</div>
        </div>
        {footer ? <div className="mt-4 text-center text-sm text-muted">{footer}</div> : null}
      </div>
    </main>
  );
}

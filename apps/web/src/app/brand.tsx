/** The product mark at the top of the sidebar and the mobile drawer. */
export function Brand() {
  return (
    <div className="flex h-14 items-center gap-2 px-4">
      <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-sm font-bold text-white">
        F
      </span>
      <span className="text-base font-semibold text-gray-900">Fieldwork</span>
    </div>
  );
}

/**
 * "Photos" on a request for work: chosen from the phone's camera or library (accept="image/*" offers both),
 * shown as thumbnails with a remove button each. The domain's limits (how many, how large, which kinds, and the
 * pixel size a header declares) are checked as they are chosen, so a customer hears the server's words before
 * any upload; a refused choice leaves the photos already chosen as they were.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Camera, X } from 'lucide-react';
import { WORK_REQUEST_MAX_PHOTOS, photoSelectionProblem } from '@fieldwork/domain/portal/work-request-photos.rules';
import { refuseOversizedImage } from '../../lib/image-check';

export const PHOTOS_LABEL = 'Photos';
export const ADD_PHOTOS = 'Add photos';

type Props = { photos: File[]; onChange: (photos: File[]) => void; disabled?: boolean };

export function WorkRequestPhotosPicker({ photos, onChange, disabled }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const full = photos.length >= WORK_REQUEST_MAX_PHOTOS;

  const choose = async (ev: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(ev.target.files ?? [])];
    ev.target.value = ''; // the same photo can be chosen again after removing it
    if (chosen.length === 0) return;
    const next = [...photos, ...chosen];
    const refusal = photoSelectionProblem(next.map((f) => ({ name: f.name, size: f.size, type: f.type })));
    if (refusal) return setProblem(refusal);
    for (const file of chosen) {
      try {
        await refuseOversizedImage(file, 'jobPhoto');
      } catch (error) {
        return setProblem(`${file.name}: ${(error as Error).message}`);
      }
    }
    setProblem(null);
    onChange(next);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-gray-800">{PHOTOS_LABEL}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Up to {WORK_REQUEST_MAX_PHOTOS} photos of the problem: PNG, JPEG or WebP.
      </p>
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen photos">
          {photos.map((file, i) => (
            <PhotoThumb
              key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
              file={file}
              onRemove={() => {
                setProblem(null);
                onChange(photos.filter((_, j) => j !== i));
              }}
            />
          ))}
        </ul>
      ) : null}
      <label
        htmlFor={`${id}-input`}
        className={
          'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border bg-white px-3 text-base text-gray-800 ' +
          'focus-within:ring-2 focus-within:ring-primary hover:bg-gray-50 ' +
          (full || disabled ? 'pointer-events-none opacity-50' : '')
        }
      >
        <Camera size={18} aria-hidden="true" />
        {ADD_PHOTOS}
        <input id={`${id}-input`} type="file" accept="image/*" multiple disabled={full || disabled} onChange={(ev) => void choose(ev)} className="sr-only" />
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The object URL is made and revoked by the effect (never kept in state), so nothing leaks when photos change. */
function PhotoThumb({ file, onRemove }: { file: File; onRemove: () => void }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    if (img.current) img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <li className="relative h-20 w-20 overflow-hidden rounded-md border border-border bg-gray-50">
      <img ref={img} alt={file.name} className="h-full w-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${file.name}`}
        className="absolute top-1 right-1 flex h-7 w-7 items-center justify-center rounded-full bg-gray-900/70 text-white hover:bg-gray-900"
      >
        <X size={14} aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * A signature drawn with mouse, pen or finger (Pointer Events) on a <canvas>. The bitmap follows the
 * device pixel ratio (capped at 2, so the PNG stays well under the domain's MAX_SIGNATURE_BYTES) while the
 * CSS box is at most 600 × 200 px. All drawing goes through getContext('2d') and toDataURL only, the seam
 * tests stub (jsdom has no 2D canvas).
 */
import { useId, useImperativeHandle, useLayoutEffect, useRef, useState, type PointerEvent, type Ref } from 'react';
import { Eraser } from 'lucide-react';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';

export type SignaturePadHandle = {
  isEmpty: () => boolean;
  toDataURL: () => string;
  clear: () => void;
};

export const SIGNATURE_CSS_WIDTH = 600;
export const SIGNATURE_CSS_HEIGHT = 200;
const MAX_PIXEL_RATIO = 2;
export const SIGNATURE_NOTE = 'Sign in the box with a finger, pen or mouse. A drawn signature is required: it cannot be typed.';

type Size = { width: number; height: number; ratio: number };

function setUp(canvas: HTMLCanvasElement, wrapperWidth: number): Size {
  const width = Math.min(SIGNATURE_CSS_WIDTH, wrapperWidth > 0 ? wrapperWidth : SIGNATURE_CSS_WIDTH);
  const height = SIGNATURE_CSS_HEIGHT;
  const ratio = Math.min(MAX_PIXEL_RATIO, Math.max(1, window.devicePixelRatio || 1));
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111827';
    ctx.fillStyle = '#111827';
  }
  return { width, height, ratio };
}

export type SignaturePadProps = {
  ref?: Ref<SignaturePadHandle>;
  /** Called when the pad goes from empty to drawn or back (Clear). */
  onChange?: (empty: boolean) => void;
  invalid?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  /** The instruction under the pad: onsite approval requires drawing, the portal also offers typing. */
  note?: string;
};

export function SignaturePad({ ref, onChange, invalid, error, disabled, note = SIGNATURE_NOTE }: SignaturePadProps) {
  const noteId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useRef<Size>({ width: SIGNATURE_CSS_WIDTH, height: SIGNATURE_CSS_HEIGHT, ratio: 1 });
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);
  const emptyRef = useRef(true);

  const markEmpty = (value: boolean) => {
    if (emptyRef.current === value) return;
    emptyRef.current = value;
    setEmpty(value);
    onChange?.(value);
  };

  useLayoutEffect(() => {
    const el = canvas.current;
    if (!el) return;
    size.current = setUp(el, wrapper.current?.clientWidth ?? 0);
    // A rotated phone gets a fresh bitmap while nothing is drawn; a drawn one keeps its bitmap and is scaled.
    const onResize = () => {
      if (emptyRef.current && canvas.current) size.current = setUp(canvas.current, wrapper.current?.clientWidth ?? 0);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const clear = () => {
    const el = canvas.current;
    el?.getContext('2d')?.clearRect(0, 0, size.current.width, size.current.height);
    last.current = null;
    markEmpty(true);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => emptyRef.current,
    toDataURL: () => canvas.current?.toDataURL('image/png') ?? '',
    clear,
  }));

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    // The CSS box may be narrower than the bitmap's CSS width (after a resize): scale into bitmap space.
    const sx = rect.width > 0 ? size.current.width / rect.width : 1;
    const sy = rect.height > 0 ? size.current.height / rect.height : 1;
    return { x: (e.clientX - rect.left) * sx, y: (e.clientY - rect.top) * sy };
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = point(e);
    last.current = p;
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, ctx.lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
    }
    markEmpty(false);
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!from) return;
    e.preventDefault();
    const p = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
  };

  const end = () => {
    last.current = null;
  };

  return (
    <div className="space-y-2">
      <div ref={wrapper} className="w-full" style={{ maxWidth: SIGNATURE_CSS_WIDTH }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label="Signature pad"
          aria-describedby={noteId}
          aria-invalid={invalid || undefined}
          className={cn(
            'block w-full touch-none rounded-md border-2 border-dashed bg-white',
            invalid ? 'border-danger' : 'border-border-strong',
            disabled && 'opacity-50',
          )}
          style={{ height: SIGNATURE_CSS_HEIGHT, touchAction: 'none' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={end}
          onPointerCancel={end}
          onLostPointerCapture={end}
        />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={noteId} className="max-w-md text-sm text-muted">
          {note}
        </p>
        <Button variant="secondary" onClick={clear} disabled={empty || disabled}>
          <Eraser size={14} aria-hidden="true" /> Clear
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

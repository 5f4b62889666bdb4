import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { drawStroke, PNG_DATA_URL, stubCanvas } from './preview-test-fixtures';
import { SIGNATURE_NOTE, SignaturePad, type SignaturePadHandle } from './signature-pad';

describe('signature pad', { timeout: 20_000 }, () => {
  it('sizes its bitmap by the device pixel ratio (capped at 2) and blocks touch scrolling', () => {
    stubCanvas();
    vi.stubGlobal('devicePixelRatio', 3);
    render(<SignaturePad />);
    const canvas = screen.getByRole('img', { name: 'Signature pad' }) as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([1200, 400]);
    expect(canvas.style.touchAction).toBe('none');
    expect(screen.getByText(SIGNATURE_NOTE)).toBeTruthy();
  });

  it('draws with pointer events, reports drawn and empty, and exports a PNG', async () => {
    const { ctx, toDataURL } = stubCanvas();
    const onChange = vi.fn();
    const ref = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={ref} onChange={onChange} />);
    const canvas = screen.getByRole('img', { name: 'Signature pad' });
    const clear = screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    expect(ref.current?.isEmpty()).toBe(true);
    expect(clear.disabled).toBe(true);

    drawStroke(canvas);
    expect(ctx.lineTo).toHaveBeenCalledTimes(2);
    expect(ctx.stroke).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(ref.current?.isEmpty()).toBe(false);
    expect(ref.current?.toDataURL()).toBe(PNG_DATA_URL);
    expect(toDataURL).toHaveBeenCalledWith('image/png');

    // A move without a press draws nothing.
    fireEvent.pointerMove(canvas, { pointerId: 2, clientX: 5, clientY: 5 });
    expect(ctx.lineTo).toHaveBeenCalledTimes(2);

    await userEvent.setup().click(clear);
    expect(ctx.clearRect).toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(ref.current?.isEmpty()).toBe(true);
  });
});

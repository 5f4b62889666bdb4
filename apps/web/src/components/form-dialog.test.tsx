import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from './form-dialog';

function renderDialog(pending: boolean) {
  const onClose = vi.fn();
  const view = render(
    <FormDialog title="Edit thing" onClose={onClose} formId="thing-form" submitLabel="Save" pending={pending}>
      <form id="thing-form">
        <input aria-label="Name" />
      </form>
    </FormDialog>,
  );
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Edit thing' })), view };
}

describe('FormDialog', () => {
  it('closes by Escape, the close button and Cancel while nothing is pending', async () => {
    const { onClose, dialog } = renderDialog(false);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('refuses every way of closing while its request is pending, and shows Save as pending', async () => {
    const { onClose, dialog } = renderDialog(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    const overlay = document.querySelector('[data-state="open"]:not([role="dialog"])');
    expect(overlay).toBeTruthy();
    fireEvent.pointerDown(overlay!);
    expect(onClose).not.toHaveBeenCalled();
    const cancel = dialog.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    await userEvent.click(cancel);
    expect(onClose).not.toHaveBeenCalled();
    const save = dialog.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeTruthy();
  });

  it('closes again once the request has settled', async () => {
    const { onClose, dialog, view } = renderDialog(true);
    view.rerender(
      <FormDialog title="Edit thing" onClose={onClose} formId="thing-form" submitLabel="Save" pending={false}>
        <form id="thing-form" />
      </FormDialog>,
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { toast, Toaster } from 'sonner';
import { testQueryClient } from '../test-utils';

let attempts = 0;

function SaveButton() {
  const save = useMutation({
    mutationFn: async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
    },
    onError: () => toast.error('Save failed'),
    onSuccess: () => toast.success('Saved'),
  });
  return (
    <button type="button" onClick={() => save.mutate()}>
      Save
    </button>
  );
}

describe('mutation toasts', { timeout: 20_000 }, () => {
  it('a successful retry takes the stale error toast away and leaves the success toast', async () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SaveButton />
        <Toaster />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Save failed')).toBeNull());
  });
});

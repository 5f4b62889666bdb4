import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApiError } from '../lib/api-client';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it("says a missing record (or another company's) was not found, in the server's words, without a pointless retry", () => {
    render(<ErrorState error={new ApiError(404, 'NOT_FOUND', 'Job not found.')} onRetry={vi.fn()} />);
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.getByText('Job not found.')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says a refusal is about access, with the reason', () => {
    render(<ErrorState error={new ApiError(403, 'FORBIDDEN', "You don't have permission to view this. Please contact your admin.")} onRetry={vi.fn()} />);
    expect(screen.getByText('No access')).toBeTruthy();
    expect(screen.getByText("You don't have permission to view this. Please contact your admin.")).toBeTruthy();
  });

  it('offers a retry for failures a retry can fix', () => {
    render(<ErrorState title="Your tasks could not be loaded" error={new ApiError(0, 'NETWORK', 'Cannot reach the server.')} onRetry={vi.fn()} />);
    expect(screen.getByText('Your tasks could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

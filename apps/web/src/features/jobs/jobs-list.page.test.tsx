import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, mockApi, renderApp } from '../../test-utils';
import { NO_ACCESS_TEXT } from '../../components/no-access-panel';

describe('work-order pages', () => {
  it('tells technicians the job list is unavailable', async () => {
    mockApi();
    renderApp('/workorder/jobs', makeSession('Technician', 'noAccess'));
    expect(await screen.findByText('Page unavailable')).toBeTruthy();
    expect(screen.getByText("Technicians have no access to the Job's listing page")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it('shows the job columns and the empty state to office users', async () => {
    mockApi();
    renderApp('/workorder/jobs', makeSession('Staff', 'partialAccess'));
    expect(await screen.findByRole('columnheader', { name: 'Job Number' })).toBeTruthy();
    expect(screen.getByText('You have no data yet')).toBeTruthy();
  });

  it('shows the no-access panel to office users without work-order access', async () => {
    mockApi();
    renderApp('/workorder/estimates', makeSession('Staff', 'noAccess'));
    expect(await screen.findByText(NO_ACCESS_TEXT)).toBeTruthy();
  });

  it('shows the four task tabs to office users and only Assigned to Me to technicians', async () => {
    mockApi();
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    for (const tab of ['Assigned to Me', 'Assigned to Others', 'Unscheduled', 'Unassigned']) {
      expect(await screen.findByRole('tab', { name: tab })).toBeTruthy();
    }
  });

  it('shows technicians only their own tasks tab', async () => {
    mockApi();
    renderApp('/workorder/tasks', makeSession('Technician', 'noAccess'));
    expect(await screen.findByRole('tab', { name: 'Assigned to Me' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Unassigned' })).toBeNull();
  });

  it('shows a 404 page for unknown routes', async () => {
    mockApi();
    renderApp('/no/such/page', makeSession());
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toBeTruthy();
    // Signed in: the 404 keeps the app's navigation.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});

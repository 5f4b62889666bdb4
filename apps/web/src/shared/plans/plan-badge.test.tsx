import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp } from '../../test-utils';
import { taskItem, tasksReply } from '../tasks/test-fixtures';
import { PLAN_ID } from './test-fixtures';

const PLAN = { id: PLAN_ID, name: 'Quarterly boiler check' };

describe('PlanBadge', { timeout: 20_000 }, () => {
  it('marks a task that is a plan visit in the task list with the plan name, linking to the plan', async () => {
    const visit = { ...taskItem(), plan: PLAN };
    mockApi(tasksReply([visit]));
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const badge = await screen.findByRole('link', { name: 'Service plan: Quarterly boiler check' });
    expect(badge.getAttribute('href')).toBe(`/plans/${PLAN_ID}`);
    expect(within(badge).getByText('Quarterly boiler check')).toBeTruthy();
  });

  it('opens the plan, not the task, when clicked inside a row', async () => {
    const visit = { ...taskItem(), plan: PLAN };
    mockApi(tasksReply([visit]));
    const { router } = renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('link', { name: 'Service plan: Quarterly boiler check' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plans/${PLAN_ID}`));
  });

  it('shows nothing for a one-off task', async () => {
    mockApi(tasksReply([taskItem()]));
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    await screen.findAllByText(taskItem().name);
    expect(screen.queryByRole('link', { name: /^Service plan:/ })).toBeNull();
  });
});

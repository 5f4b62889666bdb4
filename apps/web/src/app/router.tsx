import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  createBrowserHistory,
  Outlet,
  redirect,
  type AsyncRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Capability } from '@fieldwork/domain/access/roles.rules';
import { authOf, sessionQuery, setupStatusQuery } from '../lib/auth-context';
import { PageSkeleton } from '../components/skeleton';
import { PageSpinner } from '../components/spinner';
import { RootError, RootNotFound } from './root-pages';
import { portalRoutes } from './portal-routes';
import { costRoutes } from './cost-routes';
import { RequireCapability } from '../shared/access/route-guards';
import {
  AppShell,
  AcceptInvitationPage,
  LoginPage,
  SetupPage,
  SignupPage,
  DashboardPage,
  CallsPage,
  MyDayPage,
  JobsListPage,
  PlansListPage,
  PlanCreatePage,
  PlanEditPage,
  PlanDetailPage,
  JobCreatePage,
  JobEditPage,
  JobDetailPage,
  LeadsListPage,
  TasksListPage,
  TaskCreatePage,
  TaskEditPage,
  TaskDetailPage,
  BidRequestsPage,
  SchedulerCalendarPage,
  EstimatesListPage,
  InvoicesListPage,
  EstimateEditorPage,
  EstimateViewPage,
  EstimateApprovalPage,
  InvoiceEditorPage,
  InvoiceViewPage,
  VehiclesListPage,
  VehicleCreatePage,
  VehicleEditPage,
  CustomersListPage,
  CustomerCreatePage,
  CustomerEditPage,
  CustomerProfilePage,
  SubcontractorsListPage,
  SubcontractorCreatePage,
  SubcontractorEditPage,
  SubcontractorProfilePage,
  UsersListPage,
  InvitationsListPage,
  UserViewPage,
  ZonesPage,
  TagsPage,
  CompanyPage,
  ApiTokensPage,
  ProfilePage,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyEmailPage,
  DeliveryPage,
  EmailTemplatesPage,
  PaymentsPage,
  TextsPage,
} from './lazy-pages';
import { validateDashboardSearch } from '../features/dashboard/dashboard-range';
import { homePath } from '../shared/access/home-path';
import type { JobCreateSearch } from '../features/jobs/job-create.page';
import type { PlanCreateSearch } from '../features/plans/plan-form.page';
import type { JobDetailSearch } from '../features/jobs/job-detail.page';
import { isJobTab } from '../features/jobs/job-search';
import { isTaskTab, type TaskTab } from '../features/tasks/task-search';
import type { TaskCreateSearch } from '../features/tasks/task-create.page';
import { validateSchedulerSearch } from '../features/scheduler/scheduler-search';
import type { InvoicesListSearch } from '../features/invoices/invoices-list.page';
import { SettingsLayout } from '../features/settings/settings-layout';
import { firstSettingsPath } from '../features/settings/settings-nav-items';

export type RouterContext = { queryClient: QueryClient };

/** Screens outside the shell, and the shell itself, wait under the spinner the app starts with. */
const StartSpinner = () => <PageSpinner />;

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Until the first company exists every route leads to /setup, and /setup is closed afterwards.
  beforeLoad: async ({ context, location }) => {
    const status = await context.queryClient.ensureQueryData(setupStatusQuery);
    const onSetup = location.pathname === '/setup';
    if (status.needsSetup && !onSetup) throw redirect({ to: '/setup' });
    if (!status.needsSetup && onSetup) throw redirect({ to: '/login' });
  },
  component: () => <Outlet />,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
  pendingComponent: StartSpinner,
});

const setupRoute = createRoute({ getParentRoute: () => rootRoute, path: '/setup', component: SetupPage, pendingComponent: StartSpinner });

/** Signed-out screens send a signed-in user straight to the app. */
const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (session) throw redirect({ to: homePath(session) });
  },
  component: () => <Outlet />,
});
const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({ redirect: str(s.redirect) }),
  component: LoginPage,
  pendingComponent: StartSpinner,
});
const signupRoute = createRoute({ getParentRoute: () => publicLayout, path: '/signup', component: SignupPage, pendingComponent: StartSpinner });
const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitation/accept',
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: str(s.token) }),
  component: AcceptInvitationPage,
  pendingComponent: StartSpinner,
});
const forgotPasswordRoute = createRoute({ getParentRoute: () => publicLayout, path: '/forgot-password', component: ForgotPasswordPage });
/** One-time links from emails: open whether or not someone is signed in on this browser. */
const tokenSearch = (s: Record<string, unknown>): { token?: string } => ({ token: str(s.token) });
const resetPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', validateSearch: tokenSearch, component: ResetPasswordPage });
const verifyEmailRoute = createRoute({ getParentRoute: () => rootRoute, path: '/verify-email', validateSearch: tokenSearch, component: VerifyEmailPage });

const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: AppShell,
  pendingComponent: StartSpinner,
});

/** A route's page: lazy pages carry the preload the router calls to fetch their code before they render. */
type PageComponent = AsyncRouteComponent<unknown>;

/** A page behind a capability: the page component (and its data hooks) only mounts when allowed. */
function guarded(Page: PageComponent, capability?: Capability): PageComponent {
  if (!capability) return Page;
  const required = capability;
  function GuardedPage() {
    return (
      <RequireCapability capability={required}>
        <Page />
      </RequireCapability>
    );
  }
  // The router waits for a route's code only while its component has a preload, so the guard passes the page's on.
  Object.defineProperty(GuardedPage, 'preload', { get: () => Page.preload });
  return GuardedPage as PageComponent;
}

const page = <const TPath extends string>(path: TPath, component: PageComponent, capability?: Capability) =>
  createRoute({ getParentRoute: () => appLayout, path, component: guarded(component, capability) });

const indexRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/',
  // Technicians land on "My day", everyone else on the dashboard.
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    throw redirect({ to: session ? homePath(session) : '/dashboard' });
  },
});
const tasksRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/tasks',
  validateSearch: (s: Record<string, unknown>): { tf_tab?: TaskTab } => ({ tf_tab: isTaskTab(s.tf_tab) ? s.tf_tab : undefined }),
  component: TasksListPage,
});
const taskCreateRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/tasks/create',
  validateSearch: (s: Record<string, unknown>): TaskCreateSearch => ({
    jobId: str(s.jobId),
    jobNumber: typeof s.jobNumber === 'number' ? s.jobNumber : /^\d+$/.test(String(s.jobNumber ?? '')) ? Number(s.jobNumber) : undefined,
    jobCustomerId: str(s.jobCustomerId),
    jobCustomerName: typeof s.jobCustomerName === 'string' || typeof s.jobCustomerName === 'number' ? str(String(s.jobCustomerName)) : undefined,
    // The calendar sends epoch milliseconds, which arrive as a number.
    scheduleOn: typeof s.scheduleOn === 'number' ? String(s.scheduleOn) : str(s.scheduleOn),
    scheduleEnd: typeof s.scheduleEnd === 'number' ? String(s.scheduleEnd) : str(s.scheduleEnd),
  }),
  component: guarded(TaskCreatePage, 'tasks.write'),
});
const jobCreateRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/jobs/create',
  validateSearch: (s: Record<string, unknown>): JobCreateSearch => ({
    customerId: str(s.customerId),
    leadId: str(s.leadId),
    // "?leadNumber=12" arrives as a number; a hand-written link may quote it.
    leadNumber: typeof s.leadNumber === 'number' ? s.leadNumber : /^\d+$/.test(String(s.leadNumber ?? '')) ? Number(s.leadNumber) : undefined,
    jobId: str(s.jobId),
  }),
  component: guarded(JobCreatePage, 'jobs.write'),
});
/** `?customerId=` starts a plan for a customer (the customer page's "New plan"). */
const planCreateRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/plans/new',
  validateSearch: (s: Record<string, unknown>): PlanCreateSearch => ({ customerId: str(s.customerId) }),
  component: guarded(PlanCreatePage, 'jobs.write'),
});
const jobDetailRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/jobs/$id',
  validateSearch: (s: Record<string, unknown>): JobDetailSearch => ({
    tf_tab: isJobTab(s.tf_tab) ? s.tf_tab : undefined,
    new: s.new === true || s.new === 'true' || s.new === '' ? true : undefined,
  }),
  component: guarded(JobDetailPage, 'jobs.read'),
});
/** Create pages (`$id` = new or a draft's id); `?jobId=` starts a new document from a job. */
export type DocumentEditorSearch = { jobId?: string };
const validateDocumentEditorSearch = (s: Record<string, unknown>): DocumentEditorSearch => ({ jobId: str(s.jobId) });
const estimateEditorRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/estimates/$id/create',
  validateSearch: validateDocumentEditorSearch,
  component: guarded(EstimateEditorPage, 'estimates.write'),
});
const invoiceEditorRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/invoices/$id/create',
  validateSearch: validateDocumentEditorSearch,
  component: guarded(InvoiceEditorPage, 'invoices.write'),
});
const invoicesListRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/invoices',
  validateSearch: (s: Record<string, unknown>): InvoicesListSearch => (s.overdue === true || s.overdue === 'true' ? { overdue: true } : {}),
  component: InvoicesListPage,
});
/** The dashboard's date range (?preset= or ?from=&to=) lives in the address, so a reload keeps it. */
const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard',
  validateSearch: validateDashboardSearch,
  component: DashboardPage,
});
const schedulerRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/workorder/scheduler/calendar',
  validateSearch: validateSchedulerSearch,
  component: SchedulerCalendarPage,
});

const settingsLayout = createRoute({ getParentRoute: () => appLayout, id: '_settings', component: SettingsLayout });
const setting = <const TPath extends string>(path: TPath, component: PageComponent, capability: Capability) =>
  createRoute({ getParentRoute: () => settingsLayout, path, component: guarded(component, capability) });
const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings',
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    throw redirect({ to: session ? firstSettingsPath(authOf(session)) : '/login' });
  },
});
const viewUserRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/permission-control/view-user',
  validateSearch: (s: Record<string, unknown>): { userId?: string } => ({ userId: str(s.userId) }),
  component: guarded(UserViewPage, 'users.read'),
});

const routeTree = rootRoute.addChildren([
  setupRoute,
  publicLayout.addChildren([loginRoute, signupRoute, forgotPasswordRoute]),
  invitationRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  ...portalRoutes(rootRoute, StartSpinner),
  appLayout.addChildren([
    indexRoute,
    dashboardRoute,
    page('/receptionist/calls', CallsPage, 'receptionist.read'),
    page('/workorder/jobs', JobsListPage),
    jobCreateRoute,
    jobDetailRoute,
    page('/workorder/jobs/$id/edit', JobEditPage, 'jobs.write'),
    page('/plans', PlansListPage, 'jobs.read'),
    planCreateRoute,
    page('/plans/$id', PlanDetailPage, 'jobs.read'),
    page('/plans/$id/edit', PlanEditPage, 'jobs.write'),
    page('/leads', LeadsListPage, 'leads.read'),
    tasksRoute,
    page('/workorder/my-day', MyDayPage, 'tasks.read'),
    taskCreateRoute,
    page('/workorder/tasks/$taskId/edit', TaskEditPage, 'tasks.write'),
    page('/workorder/scheduler/view/$taskId', TaskDetailPage, 'tasks.read'),
    page('/workorder/bids', BidRequestsPage, 'bids.answer'),
    schedulerRoute,
    page('/workorder/estimates', EstimatesListPage),
    invoicesListRoute,
    estimateEditorRoute,
    invoiceEditorRoute,
    page('/workorder/estimates/$id', EstimateViewPage, 'estimates.read'),
    page('/workorder/estimates/$id/approval', EstimateApprovalPage, 'estimates.write'),
    page('/workorder/invoices/$id', InvoiceViewPage, 'invoices.read'),
    ...costRoutes(appLayout, guarded),
    page('/vehicles', VehiclesListPage, 'vehicles.read'),
    page('/vehicles/create', VehicleCreatePage, 'vehicles.write'),
    page('/vehicles/$id/edit', VehicleEditPage, 'vehicles.write'),
    page('/customers', CustomersListPage, 'customers.read'),
    page('/customers/new', CustomerCreatePage, 'customers.write'),
    page('/customer/$id/view-profile', CustomerProfilePage, 'customers.read'),
    page('/customer/$id/edit', CustomerEditPage, 'customers.write'),
    settingsLayout.addChildren([
      settingsIndexRoute,
      setting('/settings/users', UsersListPage, 'users.read'),
      setting('/settings/users/invited', InvitationsListPage, 'users.manage'),
      viewUserRoute,
      setting('/settings/zones', ZonesPage, 'settings.manage'),
      setting('/settings/tags', TagsPage, 'settings.manage'),
      setting('/settings/company', CompanyPage, 'settings.manage'),
      setting('/settings/payments', PaymentsPage, 'settings.manage'),
      setting('/settings/texts', TextsPage, 'settings.manage'),
      setting('/settings/emails', EmailTemplatesPage, 'settings.manage'),
      setting('/settings/delivery', DeliveryPage, 'settings.manage'),
      setting('/settings/api-tokens', ApiTokensPage, 'tokens.self'),
      setting('/settings/user-profile', ProfilePage, 'profile.self'),
      setting('/subcontractors', SubcontractorsListPage, 'subcontractors.read'),
      setting('/subcontractors/new', SubcontractorCreatePage, 'subcontractors.write'),
      setting('/subcontractor/$id/view-profile', SubcontractorProfilePage, 'subcontractors.read'),
      setting('/subcontractor/$id/edit', SubcontractorEditPage, 'subcontractors.write'),
    ]),
  ]),
]);

// pendingMs: how long a page may load before the skeleton shows. Tests pass Infinity: the router's pending timer
// would otherwise fire after a test's DOM is gone and fail the run with "window is not defined".
export function createAppRouter(queryClient: QueryClient, history: RouterHistory = createBrowserHistory(), pendingMs = 300) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: false,
    defaultPendingMs: pendingMs,
    // A page whose code is still on its way: the shell stays, its content area shows the list skeleton.
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  // Declaration merging with the router's own Register needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    router: AppRouter;
  }
}

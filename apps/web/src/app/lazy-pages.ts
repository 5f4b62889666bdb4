import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * Every route page loads on its first visit, so the sign-in page and the app shell carry none of them; the
 * router preloads a page's chunk before it renders, showing the route's pending skeleton meanwhile.
 */

/** The signed-in frame: the sign-in page never loads its menus and dialogs. */
export const AppShell = lazyRouteComponent(() => import('./app-shell'), 'AppShell');

export const AcceptInvitationPage = lazyRouteComponent(() => import('../features/auth/accept-invitation.page'), 'AcceptInvitationPage');
export const LoginPage = lazyRouteComponent(() => import('../features/auth/login.page'), 'LoginPage');
export const SetupPage = lazyRouteComponent(() => import('../features/auth/setup.page'), 'SetupPage');
export const SignupPage = lazyRouteComponent(() => import('../features/auth/signup.page'), 'SignupPage');
export const ForgotPasswordPage = lazyRouteComponent(() => import('../features/auth/forgot-password.page'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyRouteComponent(() => import('../features/auth/reset-password.page'), 'ResetPasswordPage');
export const VerifyEmailPage = lazyRouteComponent(() => import('../features/auth/verify-email.page'), 'VerifyEmailPage');
export const DashboardPage = lazyRouteComponent(() => import('../features/dashboard/dashboard.page'), 'DashboardPage');
export const CallsPage = lazyRouteComponent(() => import('../features/receptionist/calls.page'), 'CallsPage');
export const MyDayPage = lazyRouteComponent(() => import('../features/my-day/my-day.page'), 'MyDayPage');
export const PlansListPage = lazyRouteComponent(() => import('../features/plans/plans-list.page'), 'PlansListPage');
export const PlanCreatePage = lazyRouteComponent(() => import('../features/plans/plan-form.page'), 'PlanCreatePage');
export const PlanEditPage = lazyRouteComponent(() => import('../features/plans/plan-form.page'), 'PlanEditPage');
export const PlanDetailPage = lazyRouteComponent(() => import('../features/plans/plan-detail.page'), 'PlanDetailPage');
export const JobsListPage = lazyRouteComponent(() => import('../features/jobs/jobs-list.page'), 'JobsListPage');
export const JobCreatePage = lazyRouteComponent(() => import('../features/jobs/job-create.page'), 'JobCreatePage');
export const JobEditPage = lazyRouteComponent(() => import('../features/jobs/job-edit.page'), 'JobEditPage');
export const JobDetailPage = lazyRouteComponent(() => import('../features/jobs/job-detail.page'), 'JobDetailPage');
export const LeadsListPage = lazyRouteComponent(() => import('../features/leads/leads-list.page'), 'LeadsListPage');
export const TasksListPage = lazyRouteComponent(() => import('../features/tasks/tasks-list.page'), 'TasksListPage');
export const TaskCreatePage = lazyRouteComponent(() => import('../features/tasks/task-create.page'), 'TaskCreatePage');
export const TaskEditPage = lazyRouteComponent(() => import('../features/tasks/task-edit.page'), 'TaskEditPage');
export const TaskDetailPage = lazyRouteComponent(() => import('../features/tasks/task-detail.page'), 'TaskDetailPage');
export const BidRequestsPage = lazyRouteComponent(() => import('../features/bids/bid-requests.page'), 'BidRequestsPage');
export const SchedulerCalendarPage = lazyRouteComponent(() => import('../features/scheduler/scheduler-calendar.page'), 'SchedulerCalendarPage');
export const EstimatesListPage = lazyRouteComponent(() => import('../features/estimates/estimates-list.page'), 'EstimatesListPage');
export const InvoicesListPage = lazyRouteComponent(() => import('../features/invoices/invoices-list.page'), 'InvoicesListPage');
export const EstimateEditorPage = lazyRouteComponent(() => import('../features/estimates/estimate-editor.page'), 'EstimateEditorPage');
export const EstimateViewPage = lazyRouteComponent(() => import('../features/estimates/estimate-view.page'), 'EstimateViewPage');
export const EstimateApprovalPage = lazyRouteComponent(() => import('../features/estimates/estimate-approval.page'), 'EstimateApprovalPage');
export const InvoiceEditorPage = lazyRouteComponent(() => import('../features/invoices/invoice-editor.page'), 'InvoiceEditorPage');
export const InvoiceViewPage = lazyRouteComponent(() => import('../features/invoices/invoice-view.page'), 'InvoiceViewPage');
export const ActualCostsPage = lazyRouteComponent(() => import('../features/costs/actual-costs.page'), 'ActualCostsPage');
export const AllCostsPage = lazyRouteComponent(() => import('../features/costs/all-costs.page'), 'AllCostsPage');
export const CostCalculatorPage = lazyRouteComponent(() => import('../features/costs/cost-calculator.page'), 'CostCalculatorPage');
export const VehiclesListPage = lazyRouteComponent(() => import('../features/vehicles/vehicles-list.page'), 'VehiclesListPage');
export const VehicleCreatePage = lazyRouteComponent(() => import('../features/vehicles/vehicle-create.page'), 'VehicleCreatePage');
export const VehicleEditPage = lazyRouteComponent(() => import('../features/vehicles/vehicle-edit.page'), 'VehicleEditPage');
export const CustomersListPage = lazyRouteComponent(() => import('../features/customers/customers-list.page'), 'CustomersListPage');
export const CustomerCreatePage = lazyRouteComponent(() => import('../features/customers/customer-create.page'), 'CustomerCreatePage');
export const CustomerEditPage = lazyRouteComponent(() => import('../features/customers/customer-edit.page'), 'CustomerEditPage');
export const CustomerProfilePage = lazyRouteComponent(() => import('../features/customers/customer-profile.page'), 'CustomerProfilePage');
export const SubcontractorsListPage = lazyRouteComponent(() => import('../features/subcontractors/subcontractors-list.page'), 'SubcontractorsListPage');
export const SubcontractorCreatePage = lazyRouteComponent(() => import('../features/subcontractors/subcontractor-create.page'), 'SubcontractorCreatePage');
export const SubcontractorEditPage = lazyRouteComponent(() => import('../features/subcontractors/subcontractor-edit.page'), 'SubcontractorEditPage');
export const SubcontractorProfilePage = lazyRouteComponent(() => import('../features/subcontractors/subcontractor-profile.page'), 'SubcontractorProfilePage');
export const UsersListPage = lazyRouteComponent(() => import('../features/settings/users/users-list.page'), 'UsersListPage');
export const InvitationsListPage = lazyRouteComponent(() => import('../features/settings/users/invitations-list.page'), 'InvitationsListPage');
export const UserViewPage = lazyRouteComponent(() => import('../features/settings/users/user-view.page'), 'UserViewPage');
export const ZonesPage = lazyRouteComponent(() => import('../features/settings/zones/zones.page'), 'ZonesPage');
export const TagsPage = lazyRouteComponent(() => import('../features/settings/tags/tags.page'), 'TagsPage');
export const CompanyPage = lazyRouteComponent(() => import('../features/settings/company/company.page'), 'CompanyPage');
export const PaymentsPage = lazyRouteComponent(() => import('../features/settings/payments/payments.page'), 'PaymentsPage');
export const TextsPage = lazyRouteComponent(() => import('../features/settings/texts/texts.page'), 'TextsPage');
export const EmailTemplatesPage = lazyRouteComponent(() => import('../features/settings/emails/email-templates.page'), 'EmailTemplatesPage');
export const DeliveryPage = lazyRouteComponent(() => import('../features/settings/delivery/delivery.page'), 'DeliveryPage');
export const ApiTokensPage = lazyRouteComponent(() => import('../features/settings/api-tokens/api-tokens.page'), 'ApiTokensPage');
export const ProfilePage = lazyRouteComponent(() => import('../features/profile/profile.page'), 'ProfilePage');

/** The customer portal: outside the staff shell, with its own session. */
export const PortalOpenPage = lazyRouteComponent(() => import('../features/portal/portal-open.page'), 'PortalOpenPage');
export const PortalVisitPage = lazyRouteComponent(() => import('../features/portal/portal-visit.page'), 'PortalVisitPage');
export const PortalCompanyPage = lazyRouteComponent(() => import('../features/portal/portal-company.page'), 'PortalCompanyPage');
export const PortalLayout = lazyRouteComponent(() => import('../features/portal/portal-layout'), 'PortalLayout');
export const PortalHubPage = lazyRouteComponent(() => import('../features/portal/portal-hub.page'), 'PortalHubPage');
export const PortalEstimatePage = lazyRouteComponent(() => import('../features/portal/portal-estimate.page'), 'PortalEstimatePage');
export const TestCheckoutPage = lazyRouteComponent(() => import('../features/portal/test-checkout.page'), 'TestCheckoutPage');
export const PortalInvoicePage = lazyRouteComponent(() => import('../features/portal/portal-invoice.page'), 'PortalInvoicePage');

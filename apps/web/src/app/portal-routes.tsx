import { createRoute, type AnyRootRoute, type AsyncRouteComponent, type RouteComponent } from '@tanstack/react-router';
import {
  PortalCompanyPage,
  PortalEstimatePage,
  PortalHubPage,
  PortalInvoicePage,
  PortalLayout,
  PortalOpenPage,
  PortalVisitPage,
  TestCheckoutPage,
} from './lazy-pages';

/**
 * The customer portal: customers without an account, on the portal's own cookie. Outside the staff shell and
 * its sign-in redirect — a customer whose session ended is told so by the portal, never sent to /login.
 */
export function portalRoutes<TRoot extends AnyRootRoute>(root: TRoot, pending: RouteComponent) {
  const open = createRoute({ getParentRoute: () => root, path: '/portal/open', component: PortalOpenPage, pendingComponent: pending });
  // The visit page of a visit link: no session, the link's token is read from the fragment on each refresh.
  const visit = createRoute({ getParentRoute: () => root, path: '/portal/visit', component: PortalVisitPage, pendingComponent: pending });
  const company = createRoute({ getParentRoute: () => root, path: '/portal/$slug', component: PortalCompanyPage, pendingComponent: pending });
  // The demo's stand-in for Stripe's checkout: a page of its own, reached without a portal session.
  const testCheckout = createRoute({
    getParentRoute: () => root,
    path: '/portal/test-checkout/$companyId/$sessionId',
    component: TestCheckoutPage,
    pendingComponent: pending,
  });
  const layout = createRoute({ getParentRoute: () => root, id: '_portal', component: PortalLayout, pendingComponent: pending });
  const page = <const TPath extends string>(path: TPath, component: AsyncRouteComponent<unknown>) =>
    createRoute({ getParentRoute: () => layout, path, component, pendingComponent: pending });
  return [
    open,
    visit,
    company,
    testCheckout,
    layout.addChildren([page('/portal', PortalHubPage), page('/portal/estimates/$id', PortalEstimatePage), page('/portal/invoices/$id', PortalInvoicePage)]),
  ] as const;
}

import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { SlidersHorizontal } from 'lucide-react';
import { toast } from 'sonner';
import { completeConfiguration, type DashboardCard as CardKey, type DashboardConfiguration } from '@fieldwork/domain/company/onboarding.schemas';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { MasonryGrid } from '../../components/masonry-grid';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { formatDate } from '../../lib/format';
import { MY_DAY_PATH } from '../../shared/access/home-path';
import { AssetsCard } from './assets-card';
import { CustomersCard } from './customers-card';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { rangeLabel, rangeQuery, validateDashboardSearch, type DashboardSearch } from './dashboard-range';
import { FinanceCard } from './finance-card';
import { FinancingBanner } from './financing-banner';
import { JobsCard } from './jobs-card';
import { LeadsCard } from './leads-card';
import { OnboardingCard } from './onboarding-card';
import { PlansCard } from './plans-card';
import { RangeControl } from './range-control';
import { ReceptionistCard } from './receptionist-card';
import { RevenueCard } from './revenue-card';
import { TopRevenueCard } from './top-revenue-card';

// The customise sheet opens on a click, so its code (and its checkboxes) loads then, not with the figures.
const CustomiseSheet = lazy(() => import('./customise-sheet').then((m) => ({ default: m.CustomiseSheet })));

export const NO_ACCESS_HOME_TEXT = 'Your account has no work-order access yet. Ask your admin to give you access.';

export function DashboardPage() {
  const auth = useAuth();
  const { user, company } = auth.session;
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const greeting = `Welcome back, ${firstName}. Today is ${formatDate(new Date().toISOString(), company.timeZone)}.`;
  // Technicians work from My day; the route may still be typed in or bookmarked.
  if (auth.viewerClass === 'technician') return <Navigate to={MY_DAY_PATH} replace />;
  if (!auth.can('dashboard.read')) {
    return (
      <>
        <PageHeader title="Dashboard" description={greeting} />
        <EmptyState
          title="Business figures are shown to the office only"
          // Someone without work-order access has nothing else in the menu to be pointed to.
          description={auth.viewerClass === 'none' ? NO_ACCESS_HOME_TEXT : 'Your tasks and requests are in the menu.'}
        />
      </>
    );
  }
  return <Dashboard greeting={greeting} readOnly={auth.viewerClass === 'view'} />;
}

function Dashboard({ greeting, readOnly }: { greeting: string; readOnly: boolean }) {
  const search = validateDashboardSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [customising, setCustomising] = useState(false);
  const [customisedOnce, setCustomisedOnce] = useState(false);
  const range = rangeQuery(search);
  const configuration = useQuery({ queryKey: dashboardKeys.configuration, queryFn: dashboardApi.configuration });
  // A layout that cannot be read falls back to the default, so the figures still come.
  const cards = completeConfiguration(configuration.data?.cards ?? null).cards;
  const save = useMutation({
    mutationFn: (next: DashboardConfiguration['cards']) => dashboardApi.saveConfiguration({ cards: next }),
    onSuccess: (data) => {
      queryClient.setQueryData(dashboardKeys.configuration, data);
      setCustomising(false);
      toast.success('Dashboard updated');
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const setRange = (next: DashboardSearch) => void navigate({ to: '/dashboard', search: next });

  const render: Record<CardKey, () => ReactNode> = {
    finance: () => <FinanceCard range={range} />,
    revenue: () => <RevenueCard range={range} />,
    plans: () => <PlansCard />,
    jobs: () => <JobsCard range={range} />,
    customers: () => <CustomersCard range={range} />,
    leads: () => <LeadsCard range={range} />,
    receptionist: () => <ReceptionistCard range={range} />,
    zones: () => <TopRevenueCard kind="zones" range={range} />,
    tags: () => <TopRevenueCard kind="tags" range={range} />,
    assets: () => <AssetsCard />,
    onboarding: () => <OnboardingCard readOnly={readOnly} />,
  };
  const visible = cards.filter((c) => c.visible);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          <>
            {greeting} <span className="whitespace-nowrap">Showing {rangeLabel(search)}.</span>
          </>
        }
        actions={
          <>
            <RangeControl key={JSON.stringify(search)} value={search} onChange={setRange} />
            {readOnly ? null : (
              <Button
                variant="secondary"
                onClick={() => {
                  setCustomisedOnce(true);
                  setCustomising(true);
                }}
              >
                <SlidersHorizontal size={14} aria-hidden="true" /> Customise
              </Button>
            )}
          </>
        }
      />
      <FinancingBanner />
      {configuration.isPending ? (
        // Waiting for the saved layout avoids fetching, then hiding, cards the user turned off.
        <div role="status" aria-label="Loading dashboard" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-48 w-full rounded-lg" />
          ))}
        </div>
      ) : visible.length === 0 ? (
        <EmptyState title="All cards are hidden" description="Use Customise to show the cards you want." />
      ) : (
        // Cards keep their own height and pack under each other, so a short card beside a tall one shows no
        // empty area and leaves no hole below it.
        <MasonryGrid className="grid-cols-1 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((c) => (
            <Fragment key={c.key}>{render[c.key]()}</Fragment>
          ))}
        </MasonryGrid>
      )}
      {readOnly || !customisedOnce ? null : (
        <Suspense fallback={null}>
          <CustomiseSheet open={customising} onOpenChange={setCustomising} cards={cards} onSave={(next) => save.mutate(next)} pending={save.isPending} />
        </Suspense>
      )}
    </>
  );
}

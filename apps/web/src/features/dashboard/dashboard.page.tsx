import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/auth-context';
import { formatDate } from '../../lib/format';

const CARDS = ['Finance', 'Revenue', 'Jobs', 'Customers', 'Top revenue zones', 'Top revenue tags'] as const;

export function DashboardPage() {
  const { user, company } = useSession();
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}. Today is ${formatDate(new Date().toISOString(), company.timeZone)}.`} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {CARDS.map((title) => (
          <Card key={title} title={title}>
            <EmptyState className="py-6" />
          </Card>
        ))}
      </div>
    </>
  );
}

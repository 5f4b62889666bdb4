import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { zoneBody } from '@fieldwork/domain/company/lookups.schemas';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/auth-context';
import { lookupKeys, lookupsApi, useZones } from '../lookups.api';
import { NamedItemsManager } from '../named-items-manager';

export function ZonesPage() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  const zones = useZones();
  const refresh = () => queryClient.invalidateQueries({ queryKey: lookupKeys.zones });
  return (
    <>
      <PageHeader title="Zones" description="Operating zones (service areas) for jobs, technicians and subcontractors." />
      <NamedItemsManager
        noun="Zone"
        items={zones.data}
        isLoading={zones.isLoading}
        error={zones.error}
        onRetry={() => void zones.refetch()}
        emptyText="No zones yet"
        schema={zoneBody}
        timeZone={company.timeZone}
        create={async (name) => (await lookupsApi.createZone(name), await refresh(), toast.success('Zone added'))}
        rename={async (id, name) => (await lookupsApi.updateZone(id, name), await refresh(), toast.success('Zone renamed'))}
        remove={async (id) => (await lookupsApi.deleteZone(id), await refresh(), toast.success('Zone deleted'))}
      />
    </>
  );
}

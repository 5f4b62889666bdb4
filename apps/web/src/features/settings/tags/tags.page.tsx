import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TAG_TYPES, updateTagBody, type TagType } from '@fieldwork/domain/company/lookups.schemas';
import { PageHeader } from '../../../components/page-header';
import { TabPanel, Tabs } from '../../../components/tabs';
import { useSession } from '../../../lib/auth-context';
import { lookupKeys, lookupsApi, useTags } from '../lookups.api';
import { NamedItemsManager } from '../named-items-manager';

const TAB_LABELS: Record<TagType, string> = { SERVICE: 'Service tags', ACCOUNT: 'Account tags' };

function TagList({ type }: { type: TagType }) {
  const { company } = useSession();
  const queryClient = useQueryClient();
  const tags = useTags(type);
  const refresh = () => queryClient.invalidateQueries({ queryKey: lookupKeys.tags(type) });
  return (
    <NamedItemsManager
      noun="Tag"
      items={tags.data}
      isLoading={tags.isLoading}
      error={tags.error}
      onRetry={() => void tags.refetch()}
      emptyText="No existing tags!"
      schema={updateTagBody}
      timeZone={company.timeZone}
      create={async (name) => (await lookupsApi.createTag(name, type), await refresh(), toast.success('Tag added'))}
      rename={async (id, name) => (await lookupsApi.updateTag(id, name), await refresh(), toast.success('Tag renamed'))}
      remove={async (id) => (await lookupsApi.deleteTag(id), await refresh(), toast.success('Tag deleted'))}
    />
  );
}

export function TagsPage() {
  const [type, setType] = useState<TagType>('SERVICE');
  return (
    <>
      <PageHeader title="Tags" description="Service tags describe qualifications and work; account tags group customers." />
      <Tabs
        aria-label="Tag types"
        value={type}
        onValueChange={(v) => setType(v === 'ACCOUNT' ? 'ACCOUNT' : 'SERVICE')}
        items={TAG_TYPES.map((t) => ({ value: t, label: TAB_LABELS[t] }))}
      >
        {TAG_TYPES.map((t) => (
          <TabPanel key={t} value={t}>
            <TagList type={t} />
          </TabPanel>
        ))}
      </Tabs>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ASSET_MESSAGES, ASSET_TYPE_LABELS, ASSET_TYPES, type Asset, type AssetType, type CreateAssetBody } from '@fieldwork/domain/customers/assets.schemas';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { Textarea } from '../../components/textarea';
import { isApiError } from '../../lib/api-client';
import { assetKeys, assetsApi } from '../../features/assets/assets.api';

export type SiteOption = { id: string; label: string };

type Values = { type: AssetType | ''; addressId: string; make: string; model: string; serial: string; installDate: string; notes: string };

const TYPE_OPTIONS = ASSET_TYPES.map((value) => ({ value, label: ASSET_TYPE_LABELS[value] }));

/** Empty inputs are sent as null: the API clears a field on null. */
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function toAssetBody(customerId: string, v: Values): CreateAssetBody {
  return {
    customerId,
    addressId: v.addressId,
    type: v.type as AssetType,
    make: orNull(v.make),
    model: orNull(v.model),
    serial: orNull(v.serial),
    installDate: v.installDate || null,
    notes: orNull(v.notes),
  };
}

export type AssetDialogProps = {
  customerId: string;
  sites: readonly SiteOption[];
  /** The asset being edited; absent to add one. */
  asset?: Asset;
  /** The company's today (YYYY-MM-DD): install dates cannot be later. */
  today: string;
  onClose: () => void;
};

export function AssetDialog({ customerId, sites, asset, today, onClose }: AssetDialogProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => ({
    type: asset?.type ?? '',
    addressId: asset?.addressId ?? (sites.length === 1 ? (sites[0]?.id ?? '') : ''),
    make: asset?.make ?? '',
    model: asset?.model ?? '',
    serial: asset?.serial ?? '',
    installDate: asset?.installDate ?? '',
    notes: asset?.notes ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useMutation({
    mutationFn: (body: CreateAssetBody) => (asset ? assetsApi.update(asset.id, { ...body, version: asset.version }) : assetsApi.create(body)),
    onSuccess: async () => {
      toast.success(asset ? 'Asset updated' : 'Asset added');
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      onClose();
    },
    onError: (error) => {
      // Someone else changed it: show their version next time the list is opened.
      if (isApiError(error) && error.code === 'STALE_VERSION') void queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!values.type) next.type = 'Type is mandatory.';
    if (!values.addressId) next.addressId = 'Site Address is mandatory.';
    if (values.installDate && values.installDate > today) next.installDate = ASSET_MESSAGES.futureInstall;
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate(toAssetBody(customerId, values));
  };

  const formId = asset ? `asset-edit-${asset.id}` : 'asset-add';
  return (
    <FormDialog
      title={asset ? 'Edit equipment' : 'Add equipment'}
      onClose={onClose}
      formId={formId}
      submitLabel={asset ? 'Save' : 'Add'}
      pending={save.isPending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        <FormAlert error={save.error} />
        <Field label="Type" required error={errors.type}>
          <Select options={TYPE_OPTIONS} placeholder="Select a type" value={values.type} onChange={set('type')} />
        </Field>
        <Field label="Site Address" required error={errors.addressId}>
          <Select
            options={sites.map((s) => ({ value: s.id, label: s.label }))}
            placeholder="Select a site"
            value={values.addressId}
            onChange={set('addressId')}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Make">
            <Input value={values.make} maxLength={100} onChange={set('make')} />
          </Field>
          <Field label="Model">
            <Input value={values.model} maxLength={100} onChange={set('model')} />
          </Field>
          <Field label="Serial">
            <Input value={values.serial} maxLength={100} onChange={set('serial')} />
          </Field>
          <Field label="Install Date" error={errors.installDate}>
            <Input type="date" value={values.installDate} max={today} onChange={set('installDate')} />
          </Field>
        </div>
        <Field label="Notes">
          <Textarea value={values.notes} maxLength={2000} onChange={set('notes')} />
        </Field>
      </form>
    </FormDialog>
  );
}

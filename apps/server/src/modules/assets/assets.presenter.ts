import { assetAgeBand, assetAgeYears, type Asset, type AssetType } from '@fieldwork/domain/customers/assets.schemas';
import type { AssetRow } from './assets.repository.ts';

/** Ages are in whole years as of the company's today. */
export function toAssetDto(row: AssetRow, today: string): Asset {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    addressId: row.address_id,
    siteAddress: row.building_unit ? `${row.building_unit}, ${row.full_address}` : row.full_address,
    type: row.asset_type as AssetType,
    make: row.make,
    model: row.model,
    serial: row.serial,
    installDate: row.install_date,
    ageYears: row.install_date ? assetAgeYears(row.install_date, today) : null,
    ageBand: assetAgeBand(row.install_date, today),
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

import type { Cost, CostAnalysis } from '@fieldwork/domain/jobs/costs.schemas';
import { JOB_ID } from '../jobs/test-fixtures';

export const COST_ID = '8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d';

const zero = { laborCost: 0, equipmentCost: 0, materialCost: 0, vehicleCost: 0, subcontractorCost: 0, otherCost: 0, total: 0 };

export function cost(overrides: Partial<Cost> = {}): Cost {
  return {
    id: COST_ID,
    costType: 'MATERIAL',
    costFor: 'JOB',
    jobId: JOB_ID,
    taskId: null,
    estimateId: null,
    invoiceId: null,
    activityId: null,
    date: '2026-11-20',
    notes: null,
    user: null,
    vehicle: null,
    subcontractor: null,
    bidId: null,
    item: 'Copper pipe',
    supplier: 'Ferguson',
    description: null,
    unit: null,
    hours: null,
    hourlyRate: null,
    miles: null,
    mileRate: null,
    quantity: 3,
    unitCost: 12.5,
    rate: null,
    amount: 37.5,
    createdBy: { userId: 'u1', username: 'Alex Kim' },
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    version: 4,
    ...overrides,
  };
}

/** Labor over its estimate (variance −150), material under it; margin negative. */
export function analysis(overrides: Partial<CostAnalysis> = {}): CostAnalysis {
  return {
    jobId: JOB_ID,
    count: { ...zero, laborCost: 2, materialCost: 1, total: 3 },
    totalCost: { ...zero, laborCost: 650, materialCost: 37.5, total: 687.5 },
    estimated: { ...zero, laborCost: 500, materialCost: 100, total: 600 },
    variance: { ...zero, laborCost: -150, materialCost: 62.5, total: -87.5 },
    revenue: 600,
    revenueSource: 'ESTIMATES',
    margin: -87.5,
    marginPercentage: -14.58,
    ...overrides,
  };
}

export const costPage = (items: Cost[], totalItems = items.length, currentPage = 1, itemsPerPage = 20) => ({
  data: items,
  pagination: { currentPage, totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)), totalItems, itemsPerPage },
});

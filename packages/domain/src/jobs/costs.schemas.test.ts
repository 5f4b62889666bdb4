import { describe, expect, it } from 'vitest';
import { costExportQuery, costListQuery, createCostBody, updateCostBody } from './costs.schemas.ts';
import { COST_MESSAGES } from './costs.rules.ts';

const JOB = '8a1b7c5e-8f0a-4b1e-9c51-2f7e8d1a0b01';
const EST = '8a1b7c5e-8f0a-4b1e-9c51-2f7e8d1a0b02';
const USER = '8a1b7c5e-8f0a-4b1e-9c51-2f7e8d1a0b03';
const TASK = '8a1b7c5e-8f0a-4b1e-9c51-2f7e8d1a0b04';

const messages = (v: unknown) => {
  const r = createCostBody.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('cost bodies per type', () => {
  it.each([
    [{ costType: 'LABOR', jobId: JOB, userId: USER, hours: 2.5, hourlyRate: 30 }, { quantity: 2500 }],
    [
      { costType: 'MATERIAL', jobId: JOB, item: 'Copper pipe', quantity: 3, unitCost: 12.5, supplier: 'Ferguson' },
      { quantity: 3000, unitCost: 1250 },
    ],
    [
      { costType: 'VEHICLE', jobId: JOB, vehicleId: USER, miles: 12.5 },
      { hours: 0, miles: 12500 },
    ],
    [
      { costType: 'EQUIPMENT', jobId: JOB, item: 'Excavator', unit: 'DAY', quantity: 2, rate: 450 },
      { unit: 'DAY', quantity: 2000, rate: 45000 },
    ],
    [{ costType: 'SUBCONTRACTOR', jobId: JOB, subcontractorId: USER, amount: 1200 }, { amount: 120000 }],
    [{ costType: 'OTHER', jobId: JOB, description: 'Permit fee', amount: 75.25, total: 999 }, { amount: 7525 }],
  ])('accepts %o in storage units', (body, expected) => {
    const r = createCostBody.safeParse(body);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    const data = r.data as Record<string, unknown>;
    if ('quantity' in expected && body.costType === 'LABOR') expect(data.hours).toBe(expected.quantity);
    else for (const [k, v] of Object.entries(expected)) expect(data[k]).toBe(v);
    expect(data.costFor).toBe('JOB');
  });

  it("speaks the spec's wording for missing and malformed fields", () => {
    expect(messages({ costType: 'LABOR', jobId: JOB, hours: 1 })).toContain('Person must be a valid UUID.');
    expect(messages({ costType: 'MATERIAL', jobId: JOB, item: ' ', quantity: 1, unitCost: 1 })).toContain('Item is mandatory.');
    expect(messages({ costType: 'MATERIAL', jobId: JOB, item: 'x', quantity: 0, unitCost: 1 })).toContain('Quantity must be between 0.001 and 100,000.');
    expect(messages({ costType: 'MATERIAL', jobId: JOB, item: 'x', quantity: 1, unitCost: 1.234 })).toContain('Unit Cost can have at most 2 decimal places.');
    expect(messages({ costType: 'VEHICLE', jobId: JOB, vehicleId: USER })).toContain(COST_MESSAGES.hoursOrMiles);
    expect(messages({ costType: 'EQUIPMENT', jobId: JOB, item: 'x', unit: 'WEEK', quantity: 1, rate: 1 })).toContain('Unit must be HOUR or DAY.');
    expect(messages({ costType: 'OTHER', jobId: JOB, amount: -1, description: 'x' })).toContain('Amount must be between 0 and 10,000,000,000.');
    expect(messages({ costType: 'OTHER', jobId: JOB, amount: 1 })).toContain('Description is mandatory.');
    expect(messages({ costType: 'PIZZA', jobId: JOB })).toEqual(['Cost Type must be one of: LABOR, MATERIAL, VEHICLE, EQUIPMENT, SUBCONTRACTOR, OTHER.']);
    expect(messages({ costType: 'OTHER', description: 'x', amount: 1 })).toEqual([COST_MESSAGES.jobRequired]);
    expect(messages({ costType: 'OTHER', jobId: JOB, description: 'x', amount: 1, extra: 1 }).length).toBe(1);
  });

  it('needs an estimate for an estimated cost (the cost dialog), never a task, invoice or work period', () => {
    expect(messages({ costType: 'OTHER', costFor: 'ESTIMATE', jobId: JOB, description: 'x', amount: 1 })).toEqual([COST_MESSAGES.estimateRequired]);
    expect(messages({ costType: 'OTHER', costFor: 'ESTIMATE', estimateId: EST, description: 'x', amount: 1 })).toEqual([]);
    expect(messages({ costType: 'OTHER', costFor: 'ESTIMATE', estimateId: EST, taskId: TASK, description: 'x', amount: 1 })).toEqual([
      COST_MESSAGES.estimateLinks,
    ]);
  });

  it('treats empty links as none and needs a version to update', () => {
    const r = createCostBody.parse({ costType: 'OTHER', jobId: JOB, taskId: '', estimateId: null, description: 'x', amount: 1 });
    expect(r).toMatchObject({ taskId: null, estimateId: null });
    expect(updateCostBody.safeParse({ costType: 'OTHER', jobId: JOB, description: 'x', amount: 1 }).success).toBe(false);
    expect(updateCostBody.safeParse({ costType: 'OTHER', jobId: JOB, description: 'x', amount: 1, version: 2 }).success).toBe(true);
  });
});

describe('cost list query rules', () => {
  it('drops jobId when estimateId is present', () => {
    expect(costListQuery.parse({ jobId: JOB, estimateId: EST })).toEqual({ page: 1, limit: 10, estimateId: EST });
    expect(costListQuery.parse({ jobId: JOB })).toEqual({ page: 1, limit: 10, jobId: JOB });
    expect(costExportQuery.parse({ jobId: JOB, estimateId: EST })).toEqual({ estimateId: EST, format: 'json' });
  });

  it('drops empty values before validating them', () => {
    expect(costListQuery.parse({ jobId: '', estimateId: '', costType: '', taskId: ' ', from: '', page: '2' })).toEqual({ page: 2, limit: 10 });
    expect(costListQuery.parse({ estimateId: '', jobId: JOB })).toEqual({ page: 1, limit: 10, jobId: JOB });
    expect(costListQuery.safeParse({ jobId: 'nope' }).success).toBe(false);
    expect(costListQuery.safeParse({ costType: 'labor' }).success).toBe(false);
    expect(costListQuery.safeParse({ from: '2026-13-01' }).success).toBe(false);
    expect(costExportQuery.safeParse({ jobId: '' }).error?.issues.map((i) => i.message)).toEqual([COST_MESSAGES.jobFilterRequired]);
  });
});

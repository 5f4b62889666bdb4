import { describe, expect, it } from 'vitest';
import { costToValues, emptyCostValues, liveAmount, toCostInput } from './cost-fields';

const links = { costFor: 'JOB' as const, jobId: 'job-1', taskId: 'task-1' };

describe('liveAmount', () => {
  it('multiplies quantity by rate with the domain rounding', () => {
    expect(liveAmount('MATERIAL', { ...emptyCostValues('MATERIAL'), quantity: '3', unitCost: '12.50' })).toBe(37.5);
    expect(liveAmount('LABOR', { ...emptyCostValues('LABOR'), hours: '1.333', hourlyRate: '10' })).toBe(13.33);
    expect(liveAmount('VEHICLE', { ...emptyCostValues('VEHICLE'), hours: '2', hourlyRate: '5', miles: '10', mileRate: '0.5' })).toBe(15);
    expect(liveAmount('OTHER', { ...emptyCostValues('OTHER'), amount: '99.99' })).toBe(99.99);
  });
  it('is unknown while a figure is missing or has too many decimals', () => {
    expect(liveAmount('MATERIAL', { ...emptyCostValues('MATERIAL'), quantity: '3' })).toBeNull();
    expect(liveAmount('OTHER', { ...emptyCostValues('OTHER'), amount: '1.234' })).toBeNull();
    expect(liveAmount('VEHICLE', { ...emptyCostValues('VEHICLE'), miles: '10', mileRate: '1' })).toBe(10);
  });
});

describe('toCostInput', () => {
  it('sends numbers in dollars and leaves empty rates to the server', () => {
    expect(toCostInput('LABOR', { ...emptyCostValues('LABOR'), userId: 'u1', hours: '2', date: '2026-11-20' }, links)).toEqual({
      costType: 'LABOR',
      costFor: 'JOB',
      jobId: 'job-1',
      taskId: 'task-1',
      estimateId: null,
      date: '2026-11-20',
      notes: null,
      userId: 'u1',
      hours: 2,
    });
    expect(toCostInput('MATERIAL', { ...emptyCostValues('MATERIAL'), item: 'Pipe', quantity: '3', unitCost: '12.5', supplier: ' ' }, links)).toMatchObject({
      item: 'Pipe',
      quantity: 3,
      unitCost: 12.5,
      supplier: null,
    });
  });
  it('round-trips a stored cost', () => {
    const values = costToValues({
      id: 'c1',
      costType: 'OTHER',
      costFor: 'JOB',
      jobId: 'job-1',
      taskId: null,
      estimateId: null,
      invoiceId: null,
      activityId: null,
      date: '2026-11-20',
      notes: 'n',
      user: null,
      vehicle: null,
      subcontractor: null,
      bidId: null,
      item: null,
      supplier: null,
      description: 'Permit',
      unit: null,
      hours: null,
      hourlyRate: null,
      miles: null,
      mileRate: null,
      quantity: null,
      unitCost: null,
      rate: null,
      amount: 40,
      createdBy: null,
      createdAt: '',
      updatedAt: '',
      version: 1,
    });
    expect(values).toMatchObject({ description: 'Permit', amount: '40', notes: 'n', date: '2026-11-20' });
    expect(toCostInput('OTHER', values, links)).toMatchObject({ description: 'Permit', amount: 40 });
  });
});

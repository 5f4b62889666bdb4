import { describe, expect, it } from 'vitest';
import { listOf, OFFLINE_DESCRIPTION_MAX, writeOfflineDescription } from './ai-offline-writer.rules.ts';

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

describe('offline writer: Generate', () => {
  it('writes scope, checks and a closing line from name, tags, customer and site', () => {
    const text = writeOfflineDescription({
      requestType: 'Generate',
      jobName: 'Boiler service',
      jobTags: ['HVAC', 'Annual maintenance'],
      customerName: 'Acme Plumbing',
      siteAddress: '10 First St, Springfield',
    });
    expect(text).toContain('Scope of work: Boiler service for Acme Plumbing at 10 First St, Springfield.');
    expect(text).toContain('This job covers HVAC and Annual maintenance.');
    expect(text).toMatch(/technician should check airflow/);
    expect(text).toMatch(/Before leaving, clean up the work area/);
    const count = sentences(text).length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(4);
  });

  it('picks the trade checks from the job name', () => {
    const cases: [string, RegExp][] = [
      ['Kitchen leak under sink', /check for leaks/],
      ['Replace breaker panel', /isolate the supply/],
      ['Gutter clean-out', /gutters/],
      ['Dishwasher not draining', /make, model and serial number/],
      ['Something unusual', /confirm the scope with the site contact/],
    ];
    for (const [jobName, expected] of cases) {
      expect(writeOfflineDescription({ requestType: 'Generate', jobName }), jobName).toMatch(expected);
    }
  });

  it('works with nothing but the request type, in three sentences', () => {
    const text = writeOfflineDescription({ requestType: 'Generate' });
    expect(text.startsWith('Scope of work: the service requested.')).toBe(true);
    expect(sentences(text)).toHaveLength(3);
  });

  it('ignores blank and repeated tags and keeps within the description limit', () => {
    const text = writeOfflineDescription({
      requestType: 'Generate',
      jobName: 'Survey',
      jobTags: [' ', 'Roof', 'roof', ...Array.from({ length: 18 }, (_, i) => `Tag ${i} ${'y'.repeat(50)}`)],
    });
    expect(text).toContain('This job covers Roof, Tag 0 ');
    expect(text).not.toContain('Tag 7 ');
    expect(text.match(/Roof/g)).toHaveLength(1);
    expect(text.length).toBeLessThanOrEqual(OFFLINE_DESCRIPTION_MAX);
    expect(text).toMatch(/[.!?]$/);
  });
});

describe('offline writer: Improvise', () => {
  it('tidies whitespace, sentence case and abbreviations, keeping the content', () => {
    const text = writeOfflineDescription({
      requestType: 'Improvise',
      currentDescription: '  cust reports leak   under kitchen sink w/ approx. 2 hrs of work\n\n- tech to bring new trap pls  ',
      jobTags: [],
    });
    expect(text).toBe('Customer reports leak under kitchen sink with approximately 2 hours of work. Technician to bring new trap please.');
  });

  it('keeps capitals it finds (acronyms, names) and ends every line with a stop', () => {
    const text = writeOfflineDescription({
      requestType: 'Improvise',
      currentDescription: 'check HVAC unit on roof\ncall Maria at the front desk!  i will follow up',
    });
    expect(text).toBe('Check HVAC unit on roof. Call Maria at the front desk! I will follow up.');
  });

  it('appends the tags the description does not mention yet', () => {
    const text = writeOfflineDescription({
      requestType: 'Improvise',
      currentDescription: 'Fix the plumbing in unit 4.',
      jobTags: ['Plumbing', 'Emergency', 'After hours'],
    });
    expect(text).toBe('Fix the plumbing in unit 4. This job also covers Emergency and After hours.');
    const none = writeOfflineDescription({ requestType: 'Improvise', currentDescription: 'Emergency plumbing.', jobTags: ['plumbing', 'emergency'] });
    expect(none).toBe('Emergency plumbing.');
  });

  it('cuts an over-long result at a sentence boundary', () => {
    const long = Array(80).fill('the pipe was replaced').join('. ');
    const text = writeOfflineDescription({ requestType: 'Improvise', currentDescription: long });
    expect(text.length).toBeLessThanOrEqual(OFFLINE_DESCRIPTION_MAX);
    expect(text.endsWith('The pipe was replaced.')).toBe(true);
  });
});

describe('listOf', () => {
  it('joins with commas and "and"', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b'])).toBe('a and b');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

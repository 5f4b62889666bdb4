import { describe, expect, it } from 'vitest';
import { backNavigation, DEFAULT_BACK_TARGET } from './navigation.rules.ts';

describe('back navigation (go back only when the referrer has the same host)', () => {
  it('goes back in history for a same-host referrer', () => {
    expect(backNavigation('http://app.example:3000/workorder/jobs', 'app.example:3000')).toBe('history');
  });
  it('goes to /dashboard for another host, a different port, no referrer or garbage', () => {
    expect(backNavigation('https://evil.example/x', 'app.example')).toBe(DEFAULT_BACK_TARGET);
    expect(backNavigation('http://app.example:4000/', 'app.example:3000')).toBe('/dashboard');
    expect(backNavigation('', 'app.example')).toBe('/dashboard');
    expect(backNavigation(null, 'app.example')).toBe('/dashboard');
    expect(backNavigation('not a url', 'app.example')).toBe('/dashboard');
  });
});

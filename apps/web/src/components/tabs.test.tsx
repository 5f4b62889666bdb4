import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Tabs } from './tabs';

describe('tabs', () => {
  it.each(['underline', 'pills'] as const)('%s: a ring for keyboard focus only (:focus-visible), none left by a click', (variant) => {
    render(
      <Tabs
        variant={variant}
        aria-label="Records"
        value="a"
        onValueChange={() => {}}
        items={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
      />,
    );
    for (const tab of screen.getAllByRole('tab')) {
      const classes = tab.className.split(/\s+/);
      expect(classes).toEqual(expect.arrayContaining(['outline-none', 'focus:outline-none', 'focus-visible:outline-2', 'focus-visible:-outline-offset-2']));
      expect(classes.filter((c) => /^focus:(outline-[0-9]|ring)/.test(c))).toEqual([]);
    }
  });
});

import type { Page } from 'playwright-core';

/**
 * The customer approves the open estimate in the portal: full name, a drawn signature (a zigzag across the pad,
 * as a finger would), the terms, then waits for the portal's thank-you.
 */
export async function approveInPortal(phone: Page, signer: string): Promise<void> {
  await phone.getByRole('button', { name: 'Approve', exact: true }).click();
  await phone.getByLabel('Full name').fill(signer);
  const pad = phone.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await phone.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await phone.mouse.down();
  for (let i = 1; i <= 10; i++) await phone.mouse.move(box.x + 20 + i * 25, box.y + box.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
  await phone.mouse.up();
  await phone.getByRole('checkbox').check();
  await phone.getByRole('button', { name: 'Approve estimate' }).click();
  await phone.getByText('Thank you — your answer is recorded.').waitFor();
}

import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, serialSteps, settled, signIn, WAIT } from '../support.ts';

/**
 * The buyer's sourcing and contract reports (docs/reports.md) on the demo world: the achievement of
 * the framework agreement (the seeded call-off of SCR-M3-8 holds 120,000 of its 500,000; flows before
 * may have ordered more of it) and the comparison of the awarded brackets inquiry (lowest 2.18, highest
 * 2.26, both suppliers awarded); then
 * the enterprise setting that makes contract caps a warning, on the enterprise information page.
 */

const it = serialSteps();

describe('sourcing and contract reports', () => {
  let browser: Browser;
  let buyer: Page;

  before(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser)).newPage();
    await signIn(buyer, 'buyer');
  });
  after(async () => {
    await browser?.close();
  });

  async function openReport(path: string) {
    await buyer.goto(path);
    await buyer.getByText(/^Figures for \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/).waitFor({ timeout: WAIT });
    await buyer.locator('[data-testid="report-chart"] canvas').first().waitFor({ timeout: WAIT });
  }

  const cellsOf = async (row: string | RegExp) => {
    const line = buyer.locator('.ant-table-row').filter({ hasText: row }).first();
    await line.waitFor({ timeout: WAIT });
    return (await line.locator('td').allTextContents()).map((c) => c.trim());
  };

  it('purchase achievement: the framework agreement’s call-off, ordered against agreed', async () => {
    await openReport('/poReport/purchAchieveAnalysis');
    await buyer.getByRole('columnheader', { name: 'Achievement rate' }).waitFor({ timeout: WAIT });
    const cells = await cellsOf('SCR-M3-8');
    assert.ok(
      cells.some((c) => /^500,000(\.00)?$/.test(c)),
      `agreed 500,000: ${cells.join(' | ')}`,
    );
    // The seeded call-off holds 120,000; flows that ran before may have ordered more of it at the
    // library's price, which is what the report is for.
    const headers = (await buyer.locator('.ant-table-thead th').allTextContents()).map((c) => c.trim());
    const ordered = Number(cells[headers.indexOf('Ordered')]?.replace(/,/g, ''));
    assert.ok(ordered >= 120_000 && ordered <= 500_000, `ordered at least 120,000: ${cells.join(' | ')}`);
    await settled(buyer);
    await screenshot(buyer, 'report-purch-achieve');
  });

  it('purchase comparison: lowest, highest and awarded price of the brackets inquiry', async () => {
    await openReport('/poReport/purchCompAnalysis');
    await buyer.getByRole('columnheader', { name: 'Lowest price' }).waitFor({ timeout: WAIT });
    const cells = await cellsOf('SM-BRKT-01');
    assert.ok(
      cells.some((c) => c.startsWith('2.18')),
      `lowest 2.18: ${cells.join(' | ')}`,
    );
    assert.ok(
      cells.some((c) => c.startsWith('2.212')),
      `awarded 2.212: ${cells.join(' | ')}`,
    );
    await settled(buyer);
    await screenshot(buyer, 'report-purch-comp');
  });

  it('the enterprise information offers the switch that makes contract caps a warning', async () => {
    await buyer.goto('/enterpriseinformation');
    await buyer.getByText('Contract caps only warn').first().waitFor({ timeout: WAIT });
  });
});

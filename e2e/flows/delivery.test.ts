import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { demoDay, newContext, opened, pick, serialSteps, settled, signIn, visibleKeys, WAIT } from '../support.ts';

/**
 * Delivery to reconciliation end to end (docs/delivery-notes.md, docs/receipts.md, docs/reports.md,
 * docs/reconciliations.md): Huaxin (`buyer`) orders heat sinks (inspected on arrival) and screws from
 * Shenzhen Precision Parts (`supplier`), who confirms and ships them on two delivery notes and prints
 * the labels. Huaxin registers the first arrival, scans the labels, rejects part of the heat sinks,
 * finishes inspection and warehouses; the second note arrives with its first scan. Both sides read the
 * on-time and quality reports; Huaxin drafts a statement over the three receipt lines, Shenzhen agrees
 * and confirms, Huaxin gives the final confirmation.
 */

/** Huaxin materials Shenzhen Precision supplies (seed/materials.ts): inspected, packed 50 a box, 6 boxes a carton. */
const HEAT_SINK = 'AL-HS-50';
/** Not inspected, no packing data: one package per line. */
const SCREW = 'SCR-M3-8';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message').getByText(text).first().waitFor({ timeout: WAIT });

/** A row of the antd table in `scope` that shows every text given. */
function row(scope: Page | Locator, ...texts: string[]): Locator {
  let rows = scope.locator('.ant-table-row');
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/** The status tag in the title of the document card. */
async function waitForStatus(page: Page, status: string): Promise<void> {
  await page
    .locator('.ant-card-head-title .ant-tag', { hasText: new RegExp(`^${status}$`) })
    .first()
    .waitFor({ timeout: WAIT });
}

/** Types a date into an antd date picker and takes it. */
async function typeDate(field: Locator, date: string): Promise<void> {
  await field.click();
  await field.fill(date);
  await field.press('Enter');
}

/** Presses the primary button of the open antd confirmation that says `title`. */
async function confirmModal(page: Page, title: string | RegExp): Promise<void> {
  const dialog = await opened(page.locator('.ant-modal-confirm').filter({ hasText: title }));
  await dialog.locator('.ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden', timeout: WAIT });
}

/** The untranslated keys of this capability's namespaces (support.ts's list predates them). */
async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const own = text
    .split('\n')
    .filter((line) => /\b(deliveryNotes|receipts|reconciliations|reports|purchaseOrders)\.[a-zA-Z]/.test(line));
  return [...(await visibleKeys(page)), ...own];
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  assert.deepEqual(await rawKeys(page), [], `untranslated keys on ${name}`);
  assert.equal(await page.locator('.ant-message-error').count(), 0, `error message on ${name}`);
  await screenshot(page, name);
}

/** The steps build on each other: once one fails, the later ones are skipped rather than failed. */
const it = serialSteps();

describe('delivery: two delivery notes, labels, receipt with inspection, reports, reconciliation', () => {
  let browser: Browser;
  let buyer: Page;
  let supplier: Page;
  const stamp = `${Date.now() % 1e8}`;
  const today = demoDay();
  const batch = `B${stamp}`;
  let orderId = '';
  let orderNo = '';
  const notes: { id: string; no: string }[] = [];
  const receiptNos: string[] = [];
  let statementNo = '';

  before(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser)).newPage();
    supplier = await (await newContext(browser)).newPage();
    await Promise.all([signIn(buyer, 'buyer'), signIn(supplier, 'supplier')]);
  });

  after(async () => {
    await browser?.close();
  });

  it('buyer orders heat sinks and screws due today, the supplier confirms the order', async () => {
    await buyer.goto('/procurementConsignment/order/add');
    await buyer.getByText('Lines (1)').waitFor({ timeout: WAIT });
    await buyer.getByLabel('Supplier', { exact: true }).click();
    await buyer.getByLabel('Supplier', { exact: true }).fill('Shenzhen');
    await pick(buyer, 'S00001');
    await buyer.getByLabel('Remarks', { exact: true }).fill(`E2E delivery ${stamp}`);
    await buyer.getByRole('button', { name: 'Add line' }).click();
    await buyer.getByText('Lines (2)').waitFor();
    const lines = buyer.locator('.ant-table-row');
    for (const [i, [code, qty, price]] of (
      [
        [HEAT_SINK, 300, 12],
        [SCREW, 2000, 0.15],
      ] as const
    ).entries()) {
      const picker = lines.nth(i).getByRole('combobox').first();
      await picker.click();
      await picker.fill(code);
      await pick(buyer, code);
      const line = row(buyer, code);
      await line.waitFor();
      const numbers = line.getByRole('spinbutton');
      await numbers.nth(0).fill(String(qty));
      await numbers.nth(1).fill(String(price));
      // Due today, so the receipts fall in the reports' default period and arrive on time.
      await typeDate(line.locator('.ant-picker input'), today);
    }
    await row(buyer, SCREW).getByText('300.00').waitFor();
    await buyer.getByRole('button', { name: 'Save and send' }).click();
    await toast(buyer, 'Order sent');
    await buyer.waitForURL(/\/procurementConsignment\/order\/detail\?id=/, { timeout: WAIT });
    orderId = new URL(buyer.url()).searchParams.get('id') ?? '';
    orderNo = ((await buyer.locator('.page-card .ant-card-head-title span').first().textContent()) ?? '').trim();
    assert.ok(orderNo, 'the detail shows the order number');

    await supplier.goto(`/customer/order/detail?id=${orderId}`);
    await supplier.getByText('2 line(s) wait for your answer').waitFor({ timeout: WAIT });
    await settled(supplier);
    await supplier.getByRole('button', { name: 'Confirm all waiting lines' }).click();
    await confirmModal(supplier, 'Confirm every waiting line');
    await toast(supplier, 'Done');
    await waitForStatus(supplier, 'Confirmed');
  });

  /** Opens the selection page, picks Huaxin and gives the open line of our order for `code`. */
  async function openSelection(code: string): Promise<Locator> {
    await supplier.goto('/delivery/deliverynote/filterlist');
    await supplier.getByLabel('Customer', { exact: true }).click();
    await pick(supplier, /Huaxin/);
    const line = row(supplier, orderNo, code);
    await line.waitFor({ timeout: WAIT });
    return line;
  }

  it('supplier ships 200 heat sinks and all screws on a first note, saved as draft, then sent', async () => {
    const heatSinks = await openSelection(HEAT_SINK);
    const screws = row(supplier, orderNo, SCREW);
    // What is open is offered as the quantity; the allowance (3 %) lifts the maximum.
    assert.equal(await heatSinks.getByLabel(`Quantity ${orderNo}-1`).inputValue(), '300.00');
    await heatSinks.getByText('309').waitFor();
    await heatSinks.getByRole('checkbox').check();
    await screws.getByRole('checkbox').check();
    await supplier.getByLabel(`Quantity ${orderNo}-1`).fill('200');
    await supplier.getByLabel(`Batch ${orderNo}-1`).fill(batch);
    // 200 at 50 a box, 6 boxes a carton.
    await heatSinks.getByText('4 boxes in 1 carton', { exact: true }).waitFor();
    await screws.getByText('1 package').waitFor();
    await supplier.getByLabel('Carrier', { exact: true }).fill('SF Express');
    await supplier.getByLabel('Tracking no.', { exact: true }).fill(`SF${stamp}`);
    await shoot(supplier, 'delivery-selection');

    await supplier.getByRole('button', { name: 'Save draft' }).click();
    await toast(supplier, /Delivery note DN\d+ saved/);
    await supplier.waitForURL(/\/supplysee\/deliverydetail\?id=/, { timeout: WAIT });
    await waitForStatus(supplier, 'Not sent');
    const no = ((await supplier.locator('.ant-card-head-title').first().textContent()) ?? '').match(/DN\d+/)?.[0];
    assert.ok(no, 'the detail shows the note number');
    notes.push({ id: new URL(supplier.url()).searchParams.get('id') ?? '', no });
    await row(supplier, `${no}-1-5`).getByText('Carton').waitFor();
    await row(supplier, `${no}-2-1`).waitFor();

    await supplier.getByRole('button', { name: 'Send', exact: true }).click();
    await confirmModal(supplier, 'Send this delivery note to the customer?');
    await toast(supplier, 'Done');
    await waitForStatus(supplier, 'Sent');
    await shoot(supplier, 'delivery-note-sent');
  });

  it('supplier downloads the labels of the first note as one PDF', async () => {
    const reply = supplier.waitForResponse((r) => new URL(r.url()).pathname === '/gateway/srm/labels/pdf', {
      timeout: WAIT,
    });
    const download = supplier.waitForEvent('download', { timeout: WAIT });
    await supplier.getByRole('button', { name: 'Print labels' }).click();
    const res = await reply;
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'] ?? '', /^application\/pdf/);
    const file = await download;
    assert.equal(file.suggestedFilename(), `labels-${notes[0]!.no}.pdf`);
    const bytes = await readFile((await file.path()) ?? '');
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    // One page per package: four boxes, their carton and the screws.
    assert.equal(bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length, 6);
  });

  it('supplier ships the remaining 100 heat sinks on a second note, saved and sent at once', async () => {
    const heatSinks = await openSelection(HEAT_SINK);
    assert.equal(await heatSinks.getByLabel(`Quantity ${orderNo}-1`).inputValue(), '100.00');
    // The screws are all on the first note.
    assert.equal(await row(supplier, orderNo, SCREW).count(), 0);
    await heatSinks.getByRole('checkbox').check();
    await supplier.getByLabel(`Batch ${orderNo}-1`).fill(`${batch}-2`);
    await heatSinks.getByText('2 boxes in 1 carton', { exact: true }).waitFor();
    await supplier.getByRole('button', { name: 'Save and send' }).click();
    await toast(supplier, /Delivery note DN\d+ saved/);
    await supplier.waitForURL(/\/supplysee\/deliverydetail\?id=/, { timeout: WAIT });
    await waitForStatus(supplier, 'Sent');
    const no = ((await supplier.locator('.ant-card-head-title').first().textContent()) ?? '').match(/DN\d+/)?.[0];
    assert.ok(no, 'the detail shows the note number');
    notes.push({ id: new URL(supplier.url()).searchParams.get('id') ?? '', no });

    await supplier.goto('/delivery/deliverynote');
    await supplier.getByRole('tab', { name: 'Sent', exact: true }).click();
    await row(supplier, notes[0]!.no, orderNo).waitFor({ timeout: WAIT });
    await row(supplier, notes[1]!.no, orderNo).waitFor({ timeout: WAIT });
    await shoot(supplier, 'delivery-notes-list');
  });

  /** Opens a delivery notice from the buyer's list, found by its number. */
  async function openNotice(noteNo: string, shot?: string): Promise<void> {
    await buyer.goto('/recemanage/receipt');
    await buyer.getByLabel('Delivery note no.', { exact: true }).fill(noteNo);
    await buyer.getByRole('button', { name: /^(search )?Search$/ }).click();
    const link = row(buyer, noteNo).getByRole('link', { name: noteNo });
    await link.waitFor({ timeout: WAIT });
    if (shot) await shoot(buyer, shot);
    await link.click();
    await buyer.waitForURL(/\/receiptdetail\/deliverydetail\?id=/, { timeout: WAIT });
  }

  /** Types a package number into the scan field and presses Enter, as a scanner does. */
  async function scan(code: string, outcome: RegExp): Promise<void> {
    const field = buyer.getByLabel('Scan label');
    await field.fill(code);
    await field.press('Enter');
    await buyer.getByRole('status').filter({ hasText: outcome }).waitFor({ timeout: WAIT });
    // The field is emptied and focused again for the next label.
    await buyer.waitForFunction(
      () =>
        document.activeElement?.getAttribute('aria-label') === 'Scan label' &&
        !(document.activeElement as HTMLInputElement).value,
      undefined,
      { timeout: WAIT },
    );
  }

  /** The package numbers the notice lists for line `lineNo`, of the kind given. */
  async function packageNos(lineNo: number, kind: 'Small' | 'Large'): Promise<string[]> {
    await buyer.getByRole('tab', { name: /^Packages/ }).click();
    const prefix = new RegExp(`^DN\\d+-${lineNo}-\\d+$`);
    const rows = row(buyer.getByRole('tabpanel', { name: /^Packages/ }), kind);
    await rows.first().waitFor();
    const nos: string[] = [];
    for (const text of await rows.locator('td:first-child').allTextContents()) {
      if (prefix.test(text.trim())) nos.push(text.trim());
    }
    await buyer.getByRole('tab', { name: 'Lines' }).click();
    return nos;
  }

  it('buyer registers the arrival of the first note and scans its labels', async () => {
    const note = notes[0]!;
    await openNotice(note.no, 'delivery-notices');
    await waitForStatus(buyer, 'In transit');
    await buyer.getByRole('button', { name: 'Register arrival' }).click();
    const dialog = await opened(buyer.getByRole('dialog', { name: 'Register arrival' }));
    assert.equal(await dialog.locator('.ant-picker input').inputValue(), today);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(buyer, 'Arrival registered');
    await waitForStatus(buyer, 'Arrived');

    const [carton] = await packageNos(1, 'Large');
    const [screws] = await packageNos(2, 'Small');
    assert.equal(carton, `${note.no}-1-5`);
    assert.equal(screws, `${note.no}-2-1`);
    // The carton brings its four boxes in with it.
    await scan(carton!, new RegExp(`Package ${carton} received: 5 package\\(s\\), quantity 200`));
    await scan(screws!, new RegExp(`Package ${screws} received: 1 package\\(s\\), quantity 2,?000`));
    // A box of the carton scanned once more is refused, not counted twice.
    await scan(`${note.no}-1-2`, /already received/);
    await buyer.getByTestId('scan-progress').getByText('6 of 6 packages received').waitFor();
    await shoot(buyer, 'delivery-receipt-scanned');
  });

  it('buyer inspects the heat sinks with a partial rejection, finishes inspection and warehouses', async () => {
    const heatSinks = row(buyer, HEAT_SINK);
    await heatSinks.getByRole('button', { name: 'Inspect' }).click();
    const dialog = await opened(buyer.getByRole('dialog', { name: `Inspect line 1 · ${HEAT_SINK}` }));
    await dialog.getByLabel('Qualified quantity', { exact: true }).fill('190');
    await dialog.getByLabel('Unqualified quantity', { exact: true }).fill('10');
    await dialog.getByLabel('Reason', { exact: true }).click();
    await pick(buyer, 'Dimension');
    await dialog.getByLabel('Description').fill(`Fins bent on 10 pieces, ${stamp}`);
    await shoot(buyer, 'delivery-inspection');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(buyer, 'Inspection recorded');
    await dialog.waitFor({ state: 'hidden' });
    await heatSinks.locator('.ant-tag-error', { hasText: '10.00' }).waitFor({ timeout: WAIT });
    await heatSinks.getByText('190.00').waitFor();

    await buyer.getByRole('button', { name: 'Finish inspection' }).click();
    await confirmModal(buyer, `Finish receiving and inspection of ${notes[0]!.no}?`);
    await toast(buyer, 'Inspection finished');
    await waitForStatus(buyer, 'Accepted');

    await warehouse();
    await shoot(buyer, 'delivery-receipt-warehoused');
  });

  /** Warehouses the open notice into the raw-materials store and keeps the receipt number. */
  async function warehouse(): Promise<void> {
    await buyer.getByRole('button', { name: /^(inbox )?Warehouse$/ }).click();
    const dialog = await opened(buyer.getByRole('dialog', { name: 'Warehouse the qualified goods' }));
    await dialog.getByRole('combobox').first().click();
    await pick(buyer, 'WH01');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const done = buyer.locator('.ant-message').getByText(/^Warehoused as receipt RK\d+$/);
    await done.waitFor({ timeout: WAIT });
    receiptNos.push(((await done.textContent()) ?? '').match(/RK\d+/)![0]);
    await waitForStatus(buyer, 'Warehoused');
    await buyer.getByRole('button', { name: receiptNos.at(-1) }).waitFor({ timeout: WAIT });
  }

  it('buyer receives the second note by its first scan, accepts it whole and warehouses', async () => {
    const note = notes[1]!;
    await openNotice(note.no);
    await waitForStatus(buyer, 'In transit');
    const boxes = await packageNos(1, 'Small');
    assert.deepEqual(boxes, [`${note.no}-1-1`, `${note.no}-1-2`]);
    await scan(boxes[0]!, /The arrival was registered with this first scan/);
    await waitForStatus(buyer, 'Arrived');
    await scan(boxes[1]!, new RegExp(`Package ${boxes[1]} received`));
    await buyer.getByTestId('scan-progress').getByText('3 of 3 packages received').waitFor();

    await row(buyer, HEAT_SINK).getByRole('button', { name: 'Inspect' }).click();
    const dialog = await opened(buyer.getByRole('dialog', { name: `Inspect line 1 · ${HEAT_SINK}` }));
    // Nothing is presumed qualified: the inspector enters what was found.
    assert.equal(await dialog.getByLabel('Qualified quantity', { exact: true }).inputValue(), '');
    await dialog.getByLabel('Qualified quantity', { exact: true }).fill('100');
    await dialog.getByLabel('Unqualified quantity', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(buyer, 'Inspection recorded');
    await buyer.getByRole('button', { name: 'Finish inspection' }).click();
    await confirmModal(buyer, `Finish receiving and inspection of ${note.no}?`);
    await toast(buyer, 'Inspection finished');
    await waitForStatus(buyer, 'Accepted');
    await warehouse();

    // The receipt holds what was qualified, at the order's price.
    await buyer.getByRole('button', { name: receiptNos[1] }).click();
    const receipt = await opened(buyer.getByRole('dialog', { name: receiptNos[1] }));
    await row(receipt, HEAT_SINK).getByText('1,200.00').first().waitFor({ timeout: WAIT });
    await shoot(buyer, 'delivery-receipt-dialog');
    await receipt.getByRole('button', { name: 'Close' }).click();
  });

  it('supplier follows the receipt on its note: received, rejected with the reason, warehoused', async () => {
    await supplier.goto(`/supplysee/deliverydetail?id=${notes[0]!.id}`);
    await waitForStatus(supplier, 'Warehoused');
    const heatSinks = row(supplier, `${orderNo} #1`);
    await heatSinks.waitFor({ timeout: WAIT });
    await heatSinks.getByRole('button', { name: 'Expand row' }).click();
    await supplier.getByRole('cell', { name: `Dimension · Fins bent on 10 pieces, ${stamp}`, exact: true }).waitFor();
    await shoot(supplier, 'delivery-note-received');
  });

  /**
   * Opens a report of the default period (which holds today) and gives the rate its table shows for
   * the partner, once the summary figures and the chart are drawn.
   */
  async function reportRate(page: Page, path: string, partner: RegExp, name: string): Promise<number> {
    await page.goto(path);
    await page.getByText(/^Figures for \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/).waitFor({ timeout: WAIT });
    await page.locator('[data-testid="report-chart"] canvas').first().waitFor({ timeout: WAIT });
    // ECharts animates its series in, and a line's symbols only pop up after the line has been drawn:
    // the chart is finished once its canvas has not changed for a good second and a half.
    await page.waitForFunction(
      () => {
        const memo = window as unknown as { chart?: { image?: string; same: number } };
        const image = document.querySelector<HTMLCanvasElement>('[data-testid="report-chart"] canvas')?.toDataURL();
        const same = image && image === memo.chart?.image ? (memo.chart?.same ?? 0) + 1 : 0;
        memo.chart = { image, same };
        return same >= 3;
      },
      undefined,
      { polling: 500, timeout: WAIT },
    );
    assert.equal(await page.locator('.ant-statistic-content-value').filter({ hasText: /^\d/ }).count(), 4);
    const line = page.locator('.ant-table-row').filter({ hasText: partner }).first();
    await line.waitFor({ timeout: WAIT });
    const cells = (await line.locator('td').allTextContents()).map((c) => c.trim());
    const rate = cells.find((c) => /^\d+\.\d{2} %$/.test(c));
    assert.ok(rate, `${name}: the partner's row shows a rate (${cells.join(' | ')})`);
    await line.scrollIntoViewIfNeeded();
    await shoot(page, name);
    return Number.parseFloat(rate);
  }

  it('both sides see the on-time arrival rate and the quality yield of the partner', async () => {
    const onTime = [
      await reportRate(buyer, '/poReport/poTimelyArrivalRate', /Shenzhen Precision/, 'delivery-report-po-on-time'),
      await reportRate(supplier, '/supReport/supTimelyArrivalRate', /Huaxin/, 'delivery-report-sup-on-time'),
    ];
    const yields = [
      await reportRate(buyer, '/poReport/poQualityYield', /Shenzhen Precision/, 'delivery-report-po-yield'),
      await reportRate(supplier, '/supReport/supQualityYield', /Huaxin/, 'delivery-report-sup-yield'),
    ];
    // Everything of this flow arrived on its due date, so its on-time quantity counts.
    assert.ok(onTime[0]! > 0 && onTime[0]! <= 100, `on-time rate ${onTime[0]}`);
    // The ten rejected heat sinks keep the yield below 100 %, whatever else the period holds.
    assert.ok(yields[0]! > 0 && yields[0]! < 100, `quality yield ${yields[0]}`);
    // The two sides read the same due lines, receipts and inspections.
    assert.equal(onTime[1], onTime[0]);
    assert.equal(yields[1], yields[0]);
  });

  it('buyer drafts a statement over the three receipt lines and sends it', async () => {
    await buyer.goto('/purchasebill/workernote');
    await buyer.getByRole('button', { name: 'New statement' }).first().click();
    const dialog = await opened(buyer.getByRole('dialog', { name: 'New reconciliation statement' }));
    await dialog.getByLabel('Supplier', { exact: true }).click();
    await dialog.getByLabel('Supplier', { exact: true }).fill('S00001');
    await pick(buyer, 'S00001');
    await typeDate(dialog.getByPlaceholder('Start date'), today);
    await typeDate(dialog.getByPlaceholder('End date'), today);
    await dialog.getByRole('button', { name: 'Preview lines' }).click();
    await row(dialog, receiptNos[0]!).first().waitFor({ timeout: WAIT });
    // Only this flow's receipts: other warehoused lines of the day stay reconcilable.
    await dialog.locator('thead .ant-checkbox-input').uncheck();
    for (const no of receiptNos) {
      const lines = row(dialog, no);
      for (let i = 0; i < (await lines.count()); i++) await lines.nth(i).getByRole('checkbox').check();
    }
    await dialog.getByText(/^3 of \d+ lines chosen, amount 3,780\.00 CNY$/).waitFor();
    await dialog.getByLabel('Remark').fill(`E2E statement ${stamp}`);
    await shoot(buyer, 'delivery-statement-new');
    await dialog.getByRole('button', { name: 'Create statement' }).click();
    const created = buyer.locator('.ant-message').getByText(/^Statement \S+ created$/);
    await created.waitFor({ timeout: WAIT });
    statementNo = ((await created.textContent()) ?? '').split(' ')[1]!;
    await buyer.waitForURL(/\/purchasebill\/sourcing\/detail\?id=/, { timeout: WAIT });
    await waitForStatus(buyer, 'Draft');
    await buyer.getByText('3,780.00 CNY', { exact: true }).waitFor();

    await buyer.getByRole('button', { name: 'Send' }).click();
    await confirmModal(buyer, `Send statement ${statementNo} to the other side?`);
    await toast(buyer, 'Statement sent');
    await waitForStatus(buyer, 'Sent');
  });

  it('supplier agrees to every line and confirms; buyer gives the final confirmation', async () => {
    await supplier.goto('/workers/workernote');
    await supplier.getByLabel('Statement no.', { exact: true }).fill(statementNo);
    await supplier.getByRole('button', { name: /^(search )?Search$/ }).click();
    await row(supplier, statementNo).getByRole('link', { name: statementNo }).click({ timeout: WAIT });
    await supplier.waitForURL(/\/workers\/sourcing\/detail\?id=/, { timeout: WAIT });
    await waitForStatus(supplier, 'Sent');
    await supplier.getByText('The other side drafted this statement; answer each line, then confirm.').waitFor();
    // Every line's Agree, whichever columns the line table shows at this width (the receipt no. may be behind
    // "More columns"); an answered line shows its pending answer instead of the button.
    const agree = supplier.locator('.ant-table-row').getByRole('button', { name: 'Agree', exact: true });
    for (let left = await agree.count(); left > 0; left--) await agree.first().click();
    assert.equal(await supplier.getByText('Agree (not submitted)').count(), 3);
    await shoot(supplier, 'delivery-statement-answer');
    await supplier.getByRole('button', { name: 'Submit answer' }).click();
    await toast(supplier, 'Answer submitted');
    // The toast comes with the reply; the lines are drawn again once the statement is read back.
    const agreed = supplier.locator('.ant-table-row .ant-tag-success', { hasText: 'Agreed' });
    await agreed.nth(2).waitFor({ timeout: WAIT });
    assert.equal(await agreed.count(), 3);
    await supplier.getByRole('button', { name: /^(check )?Confirm$/ }).click();
    await confirmModal(supplier, `Confirm statement ${statementNo}?`);
    await toast(supplier, 'Statement confirmed');
    await waitForStatus(supplier, 'Waiting for final confirmation');

    await buyer.reload();
    await waitForStatus(buyer, 'Waiting for final confirmation');
    await buyer.getByRole('button', { name: 'Final confirmation' }).click();
    await confirmModal(buyer, `Give the final confirmation of statement ${statementNo}?`);
    await toast(buyer, 'Statement finally confirmed');
    await waitForStatus(buyer, 'Confirmed');
    await shoot(buyer, 'delivery-statement-confirmed');

    await supplier.reload();
    await waitForStatus(supplier, 'Confirmed');
    // Both confirmations are on the statement, with their names.
    assert.equal(await supplier.locator('.ant-descriptions .ant-tag-success').count(), 2);
    await shoot(supplier, 'delivery-statement-confirmed-supplier');
  });
});

/**
 * Order ahead and pick up (issue 30), in a real browser: a diner orders and pays in test mode, the
 * operator's queue shows the order live, "Ready" reaches the diner's open page live and
 * the SMS outbox; a refusal refunds once. Screens are checked with axe and photographed at desktop
 * and phone size.
 */
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ORDERING_REFUSALS, type AdminRefund, type AuthResponse, type FoodTruck, type MenuItem, type Order, type OutboxMessage, type Page as ListPage } from '@shared/contracts';
import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import { ADMIN, adminToken, expectNoSeriousA11yViolations, freshPhone, loginAs, loginAsSubscribedOperator, openWithSession } from './helpers';
import { SERVER_RENDER_DATA_ID } from '@shared/contracts/server-render';

const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });
/** The spec's own spot (Tucson), far from the demo trucks and the other specs' places. */
const TUCSON = { latitude: 32.2226, longitude: -110.9747 };
const auth = (session: AuthResponse) => ({ Authorization: `Bearer ${session.token}` });

/** The operator's open truck, taking orders, with a taco ($3.50) and a limited plate. */
async function orderableTruck(request: APIRequestContext, operator: AuthResponse, name: string) {
  const created = await request.post('/api/food-trucks', { data: { name, cuisine: 'Mexican', ...TUCSON }, headers: auth(operator) });
  expect(created.status()).toBe(201);
  const truck = (await created.json()) as FoodTruck;
  expect((await request.post(`/api/food-trucks/${truck.id}/open`, { data: TUCSON, headers: auth(operator) })).status()).toBe(200);
  const items: MenuItem[] = [];
  for (const item of [
    { name: 'Taco', price: 3.5, category: 'Main Dishes' },
    { name: 'Brisket plate', price: 14.99, category: 'Specials', stockLeft: 3 },
  ]) {
    const res = await request.post('/api/menu-items', { data: { foodTruckId: truck.id, ...item }, headers: auth(operator) });
    expect(res.status()).toBe(201);
    items.push((await res.json()) as MenuItem);
  }
  return { truck, items };
}

/** axe, no sideways scroll, and a screenshot at desktop size, then on a phone (360×740, touch). */
async function checkScreen(page: Page, browser: Browser, session: AuthResponse, path: string, name: string, ready: (p: Page) => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await openWithSession(small, session, path);
  await ready(small);
  await expectNoSeriousA11yViolations(small);
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  await small.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await phone.close();
}

test.describe('order ahead', () => {
  test('a diner orders and pays; the queue shows it live; "Ready" reaches the open page and the SMS outbox', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    // The operator connects payouts from the dashboard (test mode: a simulated account).
    const operator = await loginAsSubscribedOperator(page, '/operator-dashboard');
    await page.getByRole('button', { name: 'Connect payouts' }).click();
    await expect(page.getByText(/Connected \(test mode: simulated account\)/)).toBeVisible();
    const name = `Order Ahead Tacos ${randomUUID().slice(0, 6)}`;
    const { truck } = await orderableTruck(request, operator, name);
    await page.goto(`/operator/orders/${truck.id}`);
    await expect(page.getByRole('heading', { name: 'Active orders (0)' })).toBeVisible();
    await expect(page.getByText('Live: new orders appear here')).toBeVisible();

    // The diner, in a browser of their own.
    const dinerContext = await browser.newContext();
    const diner = await dinerContext.newPage();
    const customer = await loginAs(diner, 'customer', `/order/${truck.id}`);
    await expect(diner.getByRole('heading', { name: `Order ahead from ${name}` })).toBeVisible();
    await expect(diner.getByText('Test mode')).toBeVisible();
    await diner.getByRole('button', { name: 'Add Taco' }).click();
    await diner.getByRole('button', { name: 'Add Taco' }).click();
    await diner.getByRole('button', { name: 'Add Brisket plate' }).click();
    await expect(diner.getByTestId('order-total')).toHaveText('$21.99');
    await diner.getByLabel('Note for the truck (optional)').fill('Extra salsa');
    // A reload (a phone waking the page up) keeps the cart and the note.
    await diner.reload();
    await expect(diner.getByTestId('order-total')).toHaveText('$21.99');
    await expect(diner.getByLabel('Note for the truck (optional)')).toHaveValue('Extra salsa');
    await checkScreen(diner, browser, customer, `/order/${truck.id}`, 'order-checkout', async (p) => {
      await expect(p.getByRole('button', { name: 'Add Taco' })).toBeVisible();
    });
    // A declined card: nothing is ordered, the diner reads why.
    await diner.getByLabel('Card number').fill('4000 0000 0000 0002');
    await diner.getByLabel('Expiry (MM/YY)').fill('12/40');
    await diner.getByLabel('CVC').fill('123');
    await diner.getByRole('button', { name: 'Pay $21.99 and order' }).click();
    await expect(diner.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await diner.getByLabel('Card number').fill('4242 4242 4242 4242');
    await diner.getByRole('button', { name: 'Pay $21.99 and order' }).click();
    await expect(diner).toHaveURL(/\/orders\/\d+$/);
    const orderId = Number(/\/orders\/(\d+)$/.exec(diner.url())![1]);
    // Ordered: the truck's cart is empty for the next order.
    await diner.goto(`/order/${truck.id}`);
    await expect(diner.getByTestId('order-total')).toHaveText('$0.00');
    await diner.goto(`/orders/${orderId}`);
    await expect(diner.getByTestId('order-number')).toHaveText(String(orderId));
    await expect(diner.getByTestId('order-status')).toHaveText('Received');

    // The operator's queue shows it without a reload.
    const ticket = page.getByTestId(`ticket-${orderId}`);
    await expect(ticket).toBeVisible({ timeout: 2000 });
    await expect(ticket.getByText('Extra salsa')).toBeVisible();
    await checkScreen(page, browser, operator, `/operator/orders/${truck.id}`, 'order-queue', async (p) => {
      // On a phone the ticket and its one tap are on the first screen, above the rarely changed settings.
      await expect(p.getByTestId(`ticket-${orderId}`).getByRole('button', { name: 'Accept' })).toBeInViewport({ ratio: 1 });
    });

    await ticket.getByRole('button', { name: 'Accept' }).click();
    await expect(ticket.getByTestId('ticket-status')).toHaveText('Preparing');
    await expect(diner.getByTestId('order-status')).toHaveText('Preparing');
    await ticket.getByRole('button', { name: 'Ready' }).click();
    // "Ready" on the diner's open page, live (its "within a second" is measured by `npm run bench`).
    await expect(ticket.getByTestId('ticket-status')).toHaveText('Ready');
    await expect(diner.getByTestId('order-status')).toHaveText('Ready');
    await checkScreen(diner, browser, customer, `/orders/${orderId}`, 'order-page', async (p) => {
      await expect(p.getByTestId('order-status')).toHaveText('Ready');
    });

    // ...and the SMS outbox has the text for the diner.
    const token = await adminToken(request);
    await expect
      .poll(async () => {
        const res = await request.get(`/api/admin/messages?search=${encodeURIComponent(`Your order ${orderId} from`)}`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as ListPage<OutboxMessage>).items.map((m) => m.body);
      })
      .toContainEqual(expect.stringContaining(`Your order ${orderId} from ${name} is ready for pickup.`));

    await ticket.getByRole('button', { name: 'Picked up' }).click();
    await expect(page.getByRole('heading', { name: 'Active orders (0)' })).toBeVisible();
    await expect(diner.getByTestId('order-status')).toHaveText('Picked up');
    await dinerContext.close();
  });

  test('a refusal refunds once, and the diner sees the refund live', async ({ page, browser, request }) => {
    const operator = await loginAsSubscribedOperator(page, '/operator-dashboard');
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const name = `Refusal Tacos ${randomUUID().slice(0, 6)}`;
    const { truck, items } = await orderableTruck(request, operator, name);
    const dinerContext = await browser.newContext();
    const diner = await dinerContext.newPage();
    const customer = await loginAs(diner, 'customer', '/');
    const placed = await request.post('/api/orders', {
      data: { foodTruckId: truck.id, items: [{ menuItemId: items[0]!.id, quantity: 1 }], pickup: 'asap', card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' } },
      headers: { ...auth(customer), 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as Order;
    await diner.goto(`/orders/${order.id}`);
    await expect(diner.getByTestId('order-status')).toHaveText('Received');

    await page.goto(`/operator/orders/${truck.id}`);
    const ticket = page.getByTestId(`ticket-${order.id}`);
    await ticket.getByRole('button', { name: 'Refuse' }).click();
    // The kitchen tells the diner why with one tap (ADR 0192); its own words would do as well.
    const dialog = page.getByRole('alertdialog', { name: `Refuse order ${order.number}?` });
    await dialog.getByRole('button', { name: 'Too busy right now' }).click();
    await expect(dialog.getByLabel('Tell the diner why (optional)')).toHaveValue('Too busy right now');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Refuse and refund' }).click();
    await expect(page.getByText(`refunded $3.50`)).toBeVisible();
    await expect(page.getByText('Too busy right now')).toBeVisible();
    await expect(diner.getByTestId('order-status')).toHaveText('Refused');
    await expect(diner.getByTestId('order-refund')).toContainText('Refunded $3.50');
    await expect(diner.getByTestId('order-refund')).toContainText('Reason: Too busy right now.');

    // A second refusal (a retried tap) refunds nothing more.
    const again = await request.post(`/api/orders/${order.id}/refuse`, { data: {}, headers: auth(operator) });
    expect(again.status()).toBe(409);
    const token = await adminToken(request);
    const refunds = (await (await request.get('/api/admin/refunds?limit=200', { headers: { Authorization: `Bearer ${token}` } })).json()) as AdminRefund[];
    expect(refunds.filter((r) => r.orderId === order.id)).toHaveLength(1);
    await dinerContext.close();
  });

  test('a closed or paused truck offers no "Order ahead" anywhere: each surface says why, live', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const operator = await loginAsSubscribedOperator(page, '/operator-dashboard');
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const name = `Closed Window ${randomUUID().slice(0, 6)}`;
    const { truck } = await orderableTruck(request, operator, name);
    const closedText = ORDERING_REFUSALS.closed(name);

    // Open: the truck's page offers ordering.
    const dinerContext = await browser.newContext();
    const diner = await dinerContext.newPage();
    const customer = await loginAs(diner, 'customer', `/trucks/${truck.id}`);
    const menu = diner.getByRole('region', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Order ahead' })).toHaveAttribute('href', `/order/${truck.id}`);
    // And at the top of the page, beside Get Directions; in the server's HTML too, so it moves nothing as it comes.
    const shortcut = diner.locator('article header').getByRole('link', { name: 'Order ahead' });
    await expect(shortcut).toHaveAttribute('href', `/order/${truck.id}`);
    const served = await (await request.get(`/trucks/${truck.id}`)).text();
    if (served.includes(`id="${SERVER_RENDER_DATA_ID}"`)) expect(served.match(new RegExp(`href="/order/${truck.id}"`, 'g'))).toHaveLength(2);

    // The operator closes: the open page swaps the button for the reason, without a reload.
    expect((await request.post(`/api/food-trucks/${truck.id}/close`, { headers: auth(operator) })).status()).toBe(200);
    await expect(menu.getByTestId('ordering-unavailable')).toHaveText(closedText, { timeout: 3000 });
    await expect(diner.getByRole('link', { name: 'Order ahead' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(diner);
    await diner.screenshot({ path: `${SHOTS}/ordering-closed-truck-page-1280.png`, fullPage: true });

    // The menu dialog on /find-trucks says the same.
    await diner.goto('/find-trucks');
    await diner.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
    await diner.getByTestId(`truck-card-${truck.id}`).getByRole('button', { name: `Menu of ${name}` }).click();
    const dialog = diner.getByRole('dialog', { name: `${name} - Menu` });
    await expect(dialog.getByTestId('ordering-unavailable')).toHaveText(closedText);
    await expect(dialog.getByRole('link', { name: 'Order ahead' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(diner, '[role="dialog"]');
    await diner.screenshot({ path: `${SHOTS}/ordering-closed-menu-1280.png` });

    // The order page itself (a saved link): the reason, no way to pay.
    await diner.goto(`/order/${truck.id}`);
    await expect(diner.getByRole('heading', { name: 'Ordering ahead is not available' })).toBeVisible();
    await expect(diner.getByText(closedText)).toBeVisible();
    await expect(diner.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await diner.screenshot({ path: `${SHOTS}/ordering-closed-checkout-1280.png`, fullPage: true });

    // The embed card links to the truck's page (which says why), never straight to ordering.
    const embed = await (await request.get(`/embed/trucks/${truck.id}`)).text();
    expect(embed).toContain(`/trucks/${truck.id}"`);
    expect(embed).not.toContain('/order/');

    // On a phone, tapping through: the menu dialog and the truck's page say why.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    await openWithSession(small, customer, '/find-trucks');
    await small.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
    await small.getByTestId(`truck-card-${truck.id}`).getByRole('button', { name: `Menu of ${name}` }).tap();
    const smallDialog = small.getByRole('dialog', { name: `${name} - Menu` });
    await expect(smallDialog.getByTestId('ordering-unavailable')).toHaveText(closedText);
    await expect(smallDialog.getByRole('link', { name: 'Order ahead' })).toHaveCount(0);
    await small.screenshot({ path: `${SHOTS}/ordering-closed-menu-360.png` });
    await small.goto(`/trucks/${truck.id}`);
    const smallMenu = small.getByRole('region', { name: 'Menu' });
    await expect(smallMenu.getByTestId('ordering-unavailable')).toHaveText(closedText);
    await expectNoSeriousA11yViolations(small);
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the truck page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await small.screenshot({ path: `${SHOTS}/ordering-closed-truck-page-360.png`, fullPage: true });

    // Open again but paused: the phone's page says until when; resumed, the button comes back and leads to checkout.
    expect((await request.post(`/api/food-trucks/${truck.id}/open`, { data: TUCSON, headers: auth(operator) })).status()).toBe(200);
    await expect(smallMenu.getByRole('link', { name: 'Order ahead' })).toBeVisible({ timeout: 3000 });
    const paused = await request.put(`/api/food-trucks/${truck.id}/order-settings`, { data: { pauseMinutes: 20 }, headers: auth(operator) });
    expect(paused.status()).toBe(200);
    await expect(smallMenu.getByTestId('ordering-unavailable')).toHaveText(
      new RegExp(`^${name} has paused orders until \\d{1,2}:\\d{2} [AP]M\\. Please check back then\\.$`),
      { timeout: 3000 },
    );
    await expect(small.getByRole('link', { name: 'Order ahead' })).toHaveCount(0);
    await small.screenshot({ path: `${SHOTS}/ordering-paused-truck-page-360.png`, fullPage: true });
    await request.put(`/api/food-trucks/${truck.id}/order-settings`, { data: { pauseMinutes: 0 }, headers: auth(operator) });
    await expect(smallMenu.getByRole('link', { name: 'Order ahead' })).toBeVisible({ timeout: 3000 });
    // On a phone the menu is screens down: the page's first screen has the way to order.
    await small.evaluate(() => window.scrollTo(0, 0));
    const smallShortcut = small.locator('article header').getByRole('link', { name: 'Order ahead' });
    const box = await smallShortcut.boundingBox();
    expect(box && box.y + box.height, 'Order ahead on the first screen').toBeLessThanOrEqual(740);
    await small.screenshot({ path: `${SHOTS}/ordering-truck-page-first-screen-360.png` });
    await smallShortcut.tap();
    await expect(small.getByRole('heading', { name: `Order ahead from ${name}` })).toBeVisible();
    await expect(small.getByRole('button', { name: 'Add Taco' })).toBeVisible();
    await phone.close();
    await dinerContext.close();
  });

  test('the operator sets the preparation time on a phone; a diner on a phone sees that wait and reaches the cart from the menu', async ({ page, browser, request }) => {
    const operator = await loginAsSubscribedOperator(page, '/operator-dashboard');
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const name = `Slow Smoker ${randomUUID().slice(0, 6)}`;
    const { truck } = await orderableTruck(request, operator, name);
    // Enough dishes that the order's card is below the first screen.
    for (const [i, dish] of ['Ribs', 'Sausage', 'Pulled pork', 'Turkey', 'Beans', 'Slaw', 'Cornbread', 'Pecan pie'].entries()) {
      const res = await request.post('/api/menu-items', { data: { foodTruckId: truck.id, name: dish, price: 5 + i, category: 'Main Dishes' }, headers: auth(operator) });
      expect(res.status()).toBe(201);
    }

    const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
    const kitchenContext = await browser.newContext(phone);
    const kitchen = await kitchenContext.newPage();
    await openWithSession(kitchen, operator, `/operator/orders/${truck.id}`);
    // The three pauses in one row on a phone.
    const pauses = kitchen.getByRole('group', { name: 'Pause orders for' }).getByRole('button');
    await expect(pauses).toHaveCount(3);
    const tops = await Promise.all([0, 1, 2].map(async (i) => (await pauses.nth(i).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    // Folded away until asked for; the line above it says what holds.
    const prep = kitchen.getByLabel('Preparation time (minutes)');
    await expect(prep).toBeHidden();
    await expect(kitchen.getByTestId('ordering-now')).toHaveText('Now: preparation 10 min · no limit');
    const change = kitchen.getByText('Change preparation time or limit');
    await change.tap();
    await expect(prep).toHaveValue('10');
    // Refused in the browser with the contract's own message; nothing is saved.
    await prep.fill('0');
    await kitchen.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(kitchen.getByText('Preparation takes at least 1 minute')).toBeVisible();
    await expect(kitchen.getByTestId('ordering-now')).toHaveText('Now: preparation 10 min · no limit');
    await prep.fill('25');
    await kitchen.getByLabel('Max orders per 15 min').fill('6');
    await kitchen.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(kitchen.getByTestId('ordering-now')).toHaveText('Now: preparation 25 min · at most 6 orders per 15 min');
    // Saved: folded again; opened, it shows what was saved.
    await expect(prep).toBeHidden();
    await expectNoSeriousA11yViolations(kitchen);
    await change.tap();
    await expect(prep).toHaveValue('25');
    await expect(kitchen.getByLabel('Max orders per 15 min')).toHaveValue('6');
    await kitchen.screenshot({ path: `${SHOTS}/kitchen-settings-360.png`, fullPage: true });

    // The diner's order page tells the new wait; the cart bar takes them from the menu to the order.
    const dinerContext = await browser.newContext(phone);
    const diner = await dinerContext.newPage();
    await loginAs(diner, 'customer', `/order/${truck.id}`);
    await expect(diner.getByText('Ready in about 25 min if you order now.')).toBeVisible();
    await expect(diner.getByTestId('cart-bar')).toHaveCount(0);
    await diner.getByRole('button', { name: 'Add Ribs' }).tap();
    await diner.getByRole('button', { name: 'Add Ribs' }).tap();
    const bar = diner.getByRole('button', { name: 'View order: 2 items, $10.00' });
    await expect(bar).toBeVisible();
    await expectNoSeriousA11yViolations(diner);
    await diner.screenshot({ path: `${SHOTS}/order-cart-bar-360.png` });
    await bar.tap();
    await expect(diner.getByRole('heading', { name: 'Your order' })).toBeInViewport();
    await expect(diner.getByTestId('cart-bar')).toHaveCount(0);
    await expect(diner.getByTestId('order-total')).toHaveText('$10.00');
    await kitchenContext.close();
    await dinerContext.close();
  });

  test('a diner new to the app taps "Order ahead" on a phone, creates an account there and comes back to the order', async ({ page, browser, request }) => {
    const operator = await loginAsSubscribedOperator(page, '/operator-dashboard');
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const name = `First Timer ${randomUUID().slice(0, 6)}`;
    const { truck } = await orderableTruck(request, operator, name);

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const diner = await phone.newPage();
    await diner.goto(`/trucks/${truck.id}`);
    await diner.getByRole('link', { name: 'Order ahead' }).first().tap();
    await expect(diner.getByText('Sign in as a customer to order ahead.')).toBeVisible();
    await expect(diner.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=%2Forder%2F${truck.id}`);
    await expectNoSeriousA11yViolations(diner);
    await diner.getByRole('link', { name: 'Create an account' }).tap();
    await expect(diner).toHaveURL(`/register?next=%2Forder%2F${truck.id}`);
    const form = diner.getByRole('form', { name: 'Register' });
    const number = freshPhone();
    await form.getByLabel('Phone number').fill(number);
    await form.getByLabel('Password', { exact: true }).fill('first-timer-1');
    await form.getByLabel('Confirm password').fill('first-timer-1');
    await form.getByRole('button', { name: 'Create account' }).tap();
    // Back at the order, signed in as a customer, the menu ready to order from.
    await expect(diner).toHaveURL(`/order/${truck.id}`);
    await diner.getByRole('button', { name: 'Add Taco' }).tap();
    await expect(diner.getByTestId('order-total')).toHaveText('$3.50');
    await phone.close();

    // Signed out on another phone, "Your orders" asks them to sign in, and signing in comes back to it.
    const other = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const again = await other.newPage();
    await again.goto('/orders');
    await again.getByRole('link', { name: 'Sign in' }).tap();
    await again.getByLabel('Username or phone').fill(number);
    await again.getByLabel('Password', { exact: true }).fill('first-timer-1');
    await again.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).tap();
    await expect(again).toHaveURL('/orders');
    await expect(again.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
    await other.close();
  });

  test("the operator's dashboard on a phone says live how many orders wait on each truck", async ({ browser, request }) => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    const operator = await loginAsSubscribedOperator(page, '/');
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const suffix = randomUUID().slice(0, 6);
    // Three trucks: the dashboard lists them at the top.
    const [busy] = await Promise.all(['Rush Tacos', 'Quiet Tacos', 'Idle Tacos'].map((name) => orderableTruck(request, operator, `${name} ${suffix}`)));
    const name = `Rush Tacos ${suffix}`;
    await page.goto('/operator-dashboard');
    const fleetLink = page.getByRole('navigation', { name: /Your trucks/ }).getByRole('link', { name: new RegExp(name) });
    await expect(fleetLink).toBeVisible();
    await expect(page.getByRole('link', { name: `Orders of ${name}`, exact: true })).toBeVisible();

    // A diner orders; the dashboard says so without a reload, at the top and on the truck's Orders.
    const diner = await request.post('/api/auth/register', { data: { phone: freshPhone(), password: 'e2e-password-1', role: 'customer' } });
    const customer = (await diner.json()) as AuthResponse;
    const place = async () => {
      const res = await request.post('/api/orders', {
        data: { foodTruckId: busy!.truck.id, items: [{ menuItemId: busy!.items[0]!.id, quantity: 1 }], pickup: 'asap', card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' } },
        headers: { ...auth(customer), 'Idempotency-Key': randomUUID() },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as Order;
    };
    const first = await place();
    await place();
    await expect(fleetLink.getByTestId('orders-new')).toHaveText('2 new orders');
    await expect(fleetLink).toBeInViewport();
    // The tab says it too, for an operator with another tab in front.
    await expect(page).toHaveTitle('(2) Operator Dashboard · Food Truck Finder');
    const ordersLink = page.getByRole('link', { name: `Orders of ${name}, 2 new` });
    await expect(ordersLink).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-new-orders-360.png` });
    // Accepted in the kitchen (another device): one new, two in progress.
    expect((await request.patch(`/api/orders/${first.id}/status`, { data: { status: 'preparing' }, headers: auth(operator) })).status()).toBe(200);
    await expect(page.getByRole('link', { name: `Orders of ${name}, 1 new` })).toBeVisible();
    await expect(page).toHaveTitle('(1) Operator Dashboard · Food Truck Finder');
    // The list's link goes to the card, whose highlighted Orders opens the queue.
    await fleetLink.tap();
    await page.getByRole('link', { name: `Orders of ${name}, 1 new` }).tap();
    await expect(page.getByRole('heading', { name: 'Active orders (2)' })).toBeVisible();
    await expect(page).toHaveTitle(`(1) Orders · ${name} · Food Truck Finder`);
    await page.getByTestId(`ticket-${first.id}`).getByRole('button', { name: 'Ready' }).tap();
    await page.getByRole('button', { name: 'Accept' }).tap();
    await expect(page).toHaveTitle(`Orders · ${name} · Food Truck Finder`);
    await phone.close();
  });

  test('an admin on a phone reads each order by its fields\' names, and can refund it', async ({ browser, request }) => {
    const operatorContext = await browser.newContext();
    const operator = await loginAsSubscribedOperator(await operatorContext.newPage(), '/');
    await operatorContext.close();
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const name = `Admin Phone Tacos ${randomUUID().slice(0, 6)}`;
    const { truck, items } = await orderableTruck(request, operator, name);
    const diner = (await (await request.post('/api/auth/register', { data: { phone: freshPhone(), password: 'e2e-password-1', role: 'customer' } })).json()) as AuthResponse;
    const placed = await request.post('/api/orders', {
      data: { foodTruckId: truck.id, items: [{ menuItemId: items[0]!.id, quantity: 2 }], pickup: 'asap', card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' } },
      headers: { ...auth(diner), 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as Order;

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username or phone').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).tap();
    await page.getByRole('tab', { name: 'Orders' }).tap();
    const row = page.getByRole('row').filter({ hasText: name }).first();
    await expect(row).toBeVisible();
    // The headers are hidden where the rows stack: each value is shown after its column's name.
    const shown = await row.getByRole('cell').evaluateAll((cells) =>
      cells.map((cell) => `${getComputedStyle(cell, '::before').content} ${cell.textContent ?? ''}`.trim()),
    );
    expect(shown.slice(0, 4)).toEqual([`"Order" / "" ${order.number}`, `"Truck" / "" ${name}`, `"Diner" / "" ${order.customerName}`, '"Total" / "" $7.00']);
    expect(shown[4]).toBe('"Status" / "" Received');
    await page.screenshot({ path: `${SHOTS}/admin-orders-360.png` });
    await row.getByRole('button', { name: 'Refund' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).tap();
    // The order ends as refused, and the refunds list has it.
    await expect(row.getByRole('cell').nth(4)).toHaveText('Refused');
    const refundRow = page.getByRole('table', { name: 'Newest refunds' }).getByRole('row').filter({ hasText: name });
    await expect(refundRow).toContainText('$7.00');
    await expect(refundRow).toContainText('Refunded by an admin');
    await expectNoSeriousA11yViolations(page);
    // At desktop width the table has its headers, and no names before the values.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await row.getByRole('cell').first().evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('none');
    await phone.close();
  });

  test('a diner on a phone finds their orders again from the menu: in progress, "Ready" live, and where to pick it up', async ({ browser, request }) => {
    const operatorContext = await browser.newContext();
    const operator = await loginAsSubscribedOperator(await operatorContext.newPage(), '/operator-dashboard');
    expect((await request.post('/api/operator/payouts/connect', { headers: auth(operator) })).status()).toBe(200);
    const name = `Pickup Point ${randomUUID().slice(0, 6)}`;
    const { truck, items } = await orderableTruck(request, operator, name);

    const dinerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const diner = await dinerContext.newPage();
    const customer = await loginAs(diner, 'customer', '/find-trucks');
    // Before any order: the empty state.
    await diner.getByRole('button', { name: 'Menu', exact: true }).tap();
    await diner.getByRole('link', { name: 'My Orders' }).tap();
    await expect(diner).toHaveURL(/\/orders$/);
    await expect(diner.getByRole('heading', { name: 'No orders yet' })).toBeVisible();

    const place = async () => {
      const res = await request.post('/api/orders', {
        data: { foodTruckId: truck.id, items: [{ menuItemId: items[0]!.id, quantity: 3 }], pickup: 'asap', card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' } },
        headers: { ...auth(customer), 'Idempotency-Key': randomUUID() },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as Order;
    };
    const done = await place();
    expect((await request.post(`/api/orders/${done.id}/refuse`, { data: {}, headers: auth(operator) })).status()).toBe(200);
    const order = await place();
    await diner.reload();
    const now = diner.getByRole('region', { name: 'In progress' });
    const row = now.getByTestId(`my-order-${order.id}`);
    await expect(row).toContainText(name);
    await expect(row).toContainText('Received');
    await expect(row).toContainText('3 items · $10.50');
    await expect(diner.getByRole('region', { name: 'Past orders' }).getByTestId(`my-order-${done.id}`)).toContainText('Refused');
    await expectNoSeriousA11yViolations(diner);

    // The truck marks it ready: the list says so without a reload.
    for (const status of ['preparing', 'ready'] as const) {
      expect((await request.patch(`/api/orders/${order.id}/status`, { data: { status }, headers: auth(operator) })).status()).toBe(200);
    }
    await expect(row).toContainText('Ready since');
    await diner.screenshot({ path: `${SHOTS}/my-orders-360.png`, fullPage: true });

    // Its page says where to pick it up, and leads back to the list.
    await row.tap();
    await expect(diner.getByTestId('order-status')).toHaveText('Ready');
    const pickup = diner.getByTestId('pickup-place');
    await expect(pickup.getByRole('heading', { name: `Pick up at ${name}` })).toBeVisible();
    await expect(pickup.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /google\.com\/maps\/dir\/.*destination=32\.2226%2C-110\.9747/);
    await expect(pickup.getByRole('link', { name: 'View the truck' })).toHaveAttribute('href', `/trucks/${truck.id}`);
    await expectNoSeriousA11yViolations(diner);
    await diner.screenshot({ path: `${SHOTS}/order-pickup-360.png`, fullPage: true });
    await diner.getByRole('link', { name: 'All your orders' }).tap();
    await expect(diner).toHaveURL(/\/orders$/);
    await operatorContext.close();
    await dinerContext.close();
  });
});

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { orderMenuGroups } from '../menuOrder.ts';
import { filterRouteGroups, ROUTE_GROUPS } from '../routes.ts';
import { SideMenu } from './SideMenu.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(cleanup);

const everything = () => true;

function renderMenu(sides: ('buyer' | 'supplier')[], at = '/news') {
  const groups = orderMenuGroups(filterRouteGroups(ROUTE_GROUPS, everything), sides);
  const router = createMemoryRouter([{ path: '*', element: <SideMenu groups={groups} /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('side menu (issue 18 §3)', () => {
  it('makes every entry a real link to its route', () => {
    renderMenu(['buyer']);
    const link = screen.getByRole('link', { name: enUS.routes.messageCentre });
    expect(link.getAttribute('href')).toBe('/news/newcontract');
  });

  it('navigates in the page on a plain click, and leaves a modified click to the browser', () => {
    const router = renderMenu(['buyer']);
    const link = screen.getByRole('link', { name: enUS.routes.messageSettings });
    // The browser would open a tab; jsdom cannot, so its default is stopped once the app has seen the click.
    const stopBrowser = (e: Event) => e.preventDefault();
    document.addEventListener('click', stopBrowser);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', stopBrowser);
    expect(router.state.location.pathname).toBe('/news');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/news/newsset');
  });

  it('opens the entry of the page shown, however it was reached', async () => {
    const router = renderMenu(['supplier']);
    expect(screen.queryByRole('link', { name: enUS.routes.customerOrders })).toBeNull();
    await act(() => router.navigate('/customer/order/detail?id=1'));
    expect(screen.getByRole('link', { name: enUS.routes.customerOrders }).getAttribute('href')).toBe('/customer/order');
  });

  it('lists the supply group before the purchase group for a supplier enterprise', () => {
    renderMenu(['supplier']);
    const titles = [...document.querySelectorAll('.ant-menu-item-group-title')].map((e) => e.textContent);
    expect(titles.slice(0, 3)).toEqual([enUS.menuGroups.basic, enUS.menuGroups.supply, enUS.menuGroups.purchase]);
  });
});

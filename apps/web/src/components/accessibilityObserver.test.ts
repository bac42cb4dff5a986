import { afterEach, describe, expect, it } from 'vitest';
import { watchAccessibility } from './accessibilityObserver.ts';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** jsdom lays nothing out: the sizes a browser would measure are given here. */
function sized(el: HTMLElement, scrollWidth: number, clientWidth: number): HTMLElement {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  return el;
}

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('accessibility observer', () => {
  it('makes a table body that scrolls a tab stop, and takes it back when it no longer scrolls', async () => {
    stop = watchAccessibility();
    const body = document.createElement('div');
    body.className = 'ant-table-content';
    document.body.append(sized(body, 1200, 800));
    await frame();
    expect(body.tabIndex).toBe(0);

    sized(body, 800, 800);
    document.body.append(document.createElement('p'));
    await frame();
    expect(body.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves a table body alone that does not scroll or already has a tab index', async () => {
    const still = sized(Object.assign(document.createElement('div'), { className: 'ant-table-body' }), 500, 500);
    const own = sized(Object.assign(document.createElement('div'), { className: 'ant-table-body' }), 900, 500);
    own.tabIndex = -1;
    document.body.append(still, own);
    stop = watchAccessibility();
    await frame();
    expect(still.hasAttribute('tabindex')).toBe(false);
    expect(own.tabIndex).toBe(-1);
  });

  it('makes the hidden measure row of a table inert, so its copied checkbox cannot take focus', async () => {
    stop = watchAccessibility();
    document.body.innerHTML =
      '<table><tbody><tr aria-hidden="true" class="ant-table-measure-row"><td><input type="checkbox"></td></tr></tbody></table>';
    await frame();
    expect(document.querySelector('.ant-table-measure-row')!.hasAttribute('inert')).toBe(true);
  });
});

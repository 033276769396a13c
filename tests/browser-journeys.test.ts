/**
 * The other engines' journeys (`npm run test:browsers`) click through drivers that refuse a click
 * for where the element was at that moment; such a refusal is tried again on the element found
 * afresh, and any other error fails the step at once. A load that does not end fails with what the
 * page still waits for.
 */
import { describe, expect, it } from 'vitest';
import { isTransientClickError, withLoadPending } from '../scripts/browsers/journeys';

const error = (message: string, name = 'Error') => Object.assign(new Error(message), { name });

describe('a click the driver refused for the moment is tried again', () => {
  it.each([
    ['puppeteer, an element with no box while the page re-renders it', error('Node is either not clickable or not an Element')],
    ['puppeteer, the element gone between the find and the click', error('No element found for selector: [data-bt="3"]')],
    ['WebDriver, covered', error('element click intercepted: another element would receive the click', 'ElementClickInterceptedError')],
    ['WebDriver, out of reach', error('element not interactable', 'ElementNotInteractableError')],
    ['WebDriver, replaced', error('stale element reference: element is not attached to the page document', 'StaleElementReferenceError')],
    ['WebDriver, missing', error('Unable to locate element', 'NoSuchElementError')],
  ])('%s', (_, err) => {
    expect(isTransientClickError(err)).toBe(true);
  });

  it.each([
    ['a closed browser', error('Protocol error (Input.dispatchMouseEvent): Target closed')],
    ['a timed-out protocol call', error('Runtime.callFunctionOn timed out', 'ProtocolError')],
    ['a script error in the page', error('TypeError: document.querySelector(...) is null', 'JavascriptError')],
  ])('but not %s', (_, err) => {
    expect(isTransientClickError(err)).toBe(false);
  });
});

describe('a load that does not end says what the page waits for', () => {
  it('keeps the driver’s error and adds the page’s state to its message', async () => {
    const timeout = error('Navigation timeout of 30000 ms exceeded', 'TimeoutError');
    const out = await withLoadPending(timeout, async () => 'ready state interactive, 1 pictures loading (/hang.png)');
    expect(out).toBe(timeout);
    expect(out.name).toBe('TimeoutError');
    expect(out.message).toBe('Navigation timeout of 30000 ms exceeded; the page: ready state interactive, 1 pictures loading (/hang.png)');
  });

  it('says the state is unknown when the page cannot be asked', async () => {
    const out = await withLoadPending('closed', async () => {
      throw new Error('Target closed\nstack');
    });
    expect(out.message).toBe('closed; the page: unknown (Target closed)');
  });
});

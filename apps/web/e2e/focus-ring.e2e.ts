import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

type Ring = {
  name: string;
  outlineStyle: string;
  outlineWidth: number;
  /** Outline colour against the colour it is drawn on (WCAG contrast ratio). */
  contrast: number;
  /** The element's text against its own background, for the skip link. */
  textContrast: number;
  borderWidth: number;
  borderAlpha: number;
};

/**
 * The focus ring of the focused element, measured in the page: its outline, and its
 * contrast against the colour it is drawn on (the backgrounds of what lies there and
 * its ancestors, translucent ones blended over what lies below).
 */
function focusedRing(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const parse = (value: string): number[] => {
      const numbers = (value.match(/[\d.]+/g) ?? []).map(Number);
      return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0, numbers[3] ?? 1];
    };
    /** The colour an element's background shows, blending translucent layers over their ancestors'. */
    const backgroundOf = (start: Element | null): number[] => {
      const layers: number[][] = [];
      for (let node = start; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if ((colour[3] ?? 0) > 0) layers.push(colour);
        if ((colour[3] ?? 0) >= 1) break;
      }
      let result = [255, 255, 255];
      for (const layer of layers.reverse()) {
        const alpha = layer[3] ?? 1;
        result = result.map((channel, i) => (layer[i] ?? 0) * alpha + channel * (1 - alpha));
      }
      return result;
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
    };
    const style = getComputedStyle(element);
    // What the ring is drawn on: the element itself (a negative offset), else whatever lies
    // just left of it on screen (for a positioned element that need not be its parent).
    const offset = Number.parseFloat(style.outlineOffset);
    const box = element.getBoundingClientRect();
    const under = document
      .elementsFromPoint(Math.max(0, box.left - offset - 1), box.top + box.height / 2)
      .find((node) => !element.contains(node));
    const ringOn = offset < 0 ? element : (under ?? element.parentElement);
    return {
      name: (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim(),
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
      contrast: ratio(parse(style.outlineColor), backgroundOf(ringOn)),
      textContrast: ratio(parse(style.color), backgroundOf(element)),
      borderWidth: Number.parseFloat(style.borderTopWidth),
      borderAlpha: parse(style.borderTopColor)[3] ?? 0,
    };
  });
}

const setLook = (page: Page, theme: string, topbar: string) =>
  page.evaluate(
    ([t, b]) => {
      document.documentElement.setAttribute('data-bs-theme', t ?? 'light');
      document.documentElement.setAttribute('data-topbar', b ?? 'dark');
    },
    [theme, topbar],
  );

function expectVisibleRing(ring: Ring, where: string): void {
  expect(ring.outlineStyle, `${where}: ${ring.name}`).toBe('solid');
  expect(ring.outlineWidth, `${where}: ${ring.name}`).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, `${where}: ${ring.name}`).toBeGreaterThanOrEqual(3);
}

describe('focus you can see (WCAG 2.2 focus appearance)', () => {
  it('tabbing through the top bar shows a 2 px ring at 3:1 on every stop, light and dark, in each top-bar colour', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();

    for (const theme of ['light', 'dark']) {
      for (const topbar of ['light', 'dark', 'colored']) {
        const where = `${theme} theme, ${topbar} top bar`;
        // A fresh page, so that the first Tab starts from the top of the document.
        await page.reload();
        await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
        await setLook(page, theme, topbar);

        // First stop: "Skip to content", readable over the logo.
        await page.keyboard.press('Tab');
        const skip = await focusedRing(page);
        expect(skip?.name, where).toBe('Skip to content');
        if (!skip) return;
        expectVisibleRing(skip, where);
        expect(skip.textContrast, `${where}: skip link text`).toBeGreaterThanOrEqual(4.5);

        // Then every control of the top bar, until the focus moves on to the menu.
        const stops: string[] = [];
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          const inTopbar = await page.evaluate(() => Boolean(document.activeElement?.closest('.kt-topbar')));
          if (!inTopbar) break;
          const ring = await focusedRing(page);
          if (!ring) break;
          stops.push(ring.name);
          expectVisibleRing(ring, where);
        }
        // Brand, search, language, full screen, account menu, layout settings.
        expect(stops.length, `${where}: ${stops.join(', ')}`).toBeGreaterThanOrEqual(6);
      }
    }
    await page.context().close();
  });

  it('the language button of the sign-in page keeps its border and shows a ring, light and dark', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { reducedMotion: 'reduce' });
    await page.goto('/#/login');
    const language = page.getByRole('button', { name: 'Language: English' });
    await language.waitFor();
    for (const theme of ['light', 'dark']) {
      await setLook(page, theme, 'dark');
      await page.locator('body').focus();
      // Keyboard focus (not a click), so that :focus-visible applies.
      for (let i = 0; i < 10 && !(await language.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      const ring = await focusedRing(page);
      if (!ring) throw new Error('nothing focused');
      expectVisibleRing(ring, `${theme} theme`);
      expect(ring.borderWidth, `${theme}: border`).toBeGreaterThanOrEqual(1);
      expect(ring.borderAlpha, `${theme}: border colour`).toBeGreaterThan(0);
    }
    await page.context().close();
  });
});

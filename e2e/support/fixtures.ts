import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The test fixture of every spec: a page whose console errors and failed same-origin requests
 * fail the test unless the spec declares them expected.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowConsoleError: (pattern: RegExp) => void;
}>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  allowConsoleError: [
    async ({ consoleErrors }, use) => {
      const allowed: RegExp[] = [];
      await use((pattern) => {
        allowed.push(pattern);
      });
      const unexpected = consoleErrors.filter(
        (text) => !allowed.some((pattern) => pattern.test(text)),
      );
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until entrances (toasts sliding in, dialogs fading in) and toast exits have finished. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Infinity,
        ) && !document.querySelector('[data-sonner-toast][data-removed="true"]'),
  );
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations;
}

/** Runs axe (WCAG 2.1 A/AA) on the page as it is now and expects no violation. */
export async function expectNoAxeViolations(page: Page) {
  // Pages render after their code loads: check the page, not the empty shell. (The DOM h1, as
  // an open modal hides the page behind it from the accessibility tree.)
  await expect(page.locator('h1').first()).toBeVisible();
  // Colours are checked once entrances have finished; endless animations such as spinners are
  // left running.
  await settled(page);
  let violations = await axeViolations(page);
  // A toast whose time ran out during the analysis was caught fading away: once it has left,
  // the page is checked again (a toast that stays is still checked, and still fails).
  const targets = violations.flatMap((violation) =>
    violation.nodes.map((node) => node.target.join(' ')),
  );
  const onlyToasts =
    targets.length > 0 &&
    (await page.evaluate(
      (selectors) =>
        selectors.every((selector) => {
          const element = document.querySelector(selector);
          return !element || Boolean(element.closest('[data-sonner-toaster]'));
        }),
      targets,
    ));
  if (onlyToasts) {
    await settled(page);
    violations = await axeViolations(page);
  }
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
/** Opens a page and waits until it has rendered (its h1 is shown). */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  // A first visit loads the page's code (and a wizard its session) before the heading shows:
  // on two cores shared with the run's other servers, longer than one expectation's default.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  return response;
}

/**
 * A wizard step the applicant just moved to (Começar, Continuar, Voltar, Editar): read from its
 * top, its heading on screen and focused, so that screen readers announce it and Tab goes on to
 * its first field.
 */
export async function expectStepOpened(page: Page, title: string) {
  const heading = page.getByRole('heading', { level: 2, name: title });
  await expect(heading).toBeFocused();
  const { top, headerBottom, height } = await heading.evaluate((element) => ({
    top: element.getBoundingClientRect().top,
    // The wizard's header stays fixed at the top: the heading shows below it.
    headerBottom: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
    height: window.innerHeight,
  }));
  expect(top).toBeGreaterThanOrEqual(headerBottom);
  expect(top).toBeLessThan(height / 3);
}

/**
 * The page scrolls only downwards: nothing wider than the screen. Measured against the
 * viewport's width as set, not `innerWidth`: an emulated phone widens its layout viewport to
 * a page that overflows (a 34 px overflow at 320 px read as innerWidth 354).
 */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  const width = page.viewportSize()?.width ?? innerWidth;
  expect(scrollWidth).toBeLessThanOrEqual(Math.min(innerWidth, width));
}

/** The narrowest phone the pages are made for. */
export const narrowestPhone = { width: 320, height: 640 };

/**
 * The page, narrowed to the narrowest phone, scrolls only downwards; the viewport is then put
 * back. For the phone project (375 px), whose layout is the same below 640 px: no breakpoint
 * is crossed, so nothing needs to settle first.
 */
export async function expectNoSidewaysScrollOnNarrowestPhone(page: Page) {
  const size = page.viewportSize()!;
  await page.setViewportSize(narrowestPhone);
  try {
    await expectNoSidewaysScroll(page);
  } finally {
    await page.setViewportSize(size);
  }
}

/** True when the element's top edge is inside the viewport (below the fixed header). */
export async function isScrolledIntoView(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return rect.top >= 0 && rect.top < window.innerHeight / 2;
  });
}

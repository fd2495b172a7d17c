import { ANCHOR_SCROLL_DELAY_MS } from '@medipay/shared/constants';
import { landingSections, paths, type LandingSection } from '@medipay/shared/routes';

export { landingSections, paths, type LandingSection };

/** The landing page URL of a section, for links from any route. */
export function landingSectionHref(section: LandingSection): string {
  return `${paths.home}#${section}`;
}

/** Navigation state that asks the landing page to scroll to a section once it renders. */
export type LandingNavigationState = { scrollTo?: LandingSection };

/** Delay before the landing page scrolls to a section requested from another route. */
export const sectionScrollDelayMs = ANCHOR_SCROLL_DELAY_MS;

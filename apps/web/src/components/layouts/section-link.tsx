import type { ComponentProps, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  landingSectionHref,
  paths,
  type LandingNavigationState,
  type LandingSection,
} from '../../config/paths';

type SectionLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  section: LandingSection;
};

/**
 * A link to a landing page section. On the landing page it scrolls smoothly to the anchor;
 * from any other route it navigates to the landing page, which then scrolls to the anchor.
 */
export function SectionLink({ section, onClick, children, ...props }: SectionLinkProps) {
  const location = useLocation();
  const navigate = useNavigate();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (location.pathname === paths.home) {
      document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      window.history.replaceState(window.history.state, '', `#${section}`);
      return;
    }
    const state: LandingNavigationState = { scrollTo: section };
    void navigate(paths.home, { state });
  }

  return (
    <a href={landingSectionHref(section)} onClick={handleClick} {...props}>
      {children}
    </a>
  );
}

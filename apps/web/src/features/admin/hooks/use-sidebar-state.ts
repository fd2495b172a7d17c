import { useCallback, useEffect, useState } from 'react';
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_SECONDS } from '@medipay/shared/admin';

/** Whether the cookie says the sidebar is expanded; expanded unless it says `false`. */
export function readSidebarCookie(cookie = document.cookie): boolean {
  for (const entry of cookie.split(';')) {
    const [name, value] = entry.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value !== 'false';
  }
  return true;
}

function writeSidebarCookie(expanded: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The desktop sidebar's expanded state, kept in a cookie so the next visit opens it the same. */
export function useSidebarState() {
  const [expanded, setExpandedState] = useState(() => readSidebarCookie());
  const setExpanded = useCallback((next: boolean) => {
    setExpandedState(next);
    writeSidebarCookie(next);
  }, []);
  const toggle = useCallback(() => setExpanded(!expanded), [expanded, setExpanded]);
  return { expanded, setExpanded, toggle };
}

/** Calls `onToggle` on Ctrl+B / Cmd+B, the sidebar's keyboard shortcut. */
export function useSidebarShortcut(onToggle: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      onToggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onToggle]);
}

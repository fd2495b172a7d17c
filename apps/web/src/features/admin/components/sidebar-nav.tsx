import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import type { AdminNavItem } from './admin-nav';

export type SidebarNavProps = {
  items: readonly AdminNavItem[];
  /** Icons only: the labels stay for screen readers and as tooltips. */
  collapsed?: boolean;
  /** The title is shown by the container (the mobile sheet's own title). */
  hideTitle?: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
};

const itemClass =
  'flex h-10 w-full items-center gap-3 rounded-md text-sm font-medium transition-colors focus-ring [&_svg]:size-4 [&_svg]:shrink-0';

/** 'Menu Principal': the back office's pages, the current one marked, and 'Sair'. */
export function SidebarNav({
  items,
  collapsed = false,
  hideTitle = false,
  onNavigate,
  onLogout,
  loggingOut,
}: SidebarNavProps) {
  const titleId = useId();
  return (
    <nav
      aria-labelledby={titleId}
      className={cn('flex flex-1 flex-col gap-1', collapsed ? 'p-1' : 'p-2')}
    >
      <p
        id={titleId}
        className={cn(
          'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground',
          (collapsed || hideTitle) && 'sr-only',
        )}
      >
        Menu Principal
      </p>
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              className={({ isActive }) =>
                cn(
                  itemClass,
                  collapsed ? 'justify-center' : 'px-3',
                  isActive
                    ? 'bg-primary-soft text-teal-900'
                    : 'text-slate-700 hover:bg-accent hover:text-accent-foreground',
                )
              }
            >
              <Icon aria-hidden="true" />
              <span className={cn(collapsed && 'sr-only')}>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t pt-2">
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          title={collapsed ? 'Sair' : undefined}
          className={cn(
            itemClass,
            'cursor-pointer text-slate-700 hover:bg-red-50 hover:text-red-900 disabled:pointer-events-none disabled:opacity-50',
            collapsed ? 'justify-center' : 'px-3',
          )}
        >
          <LogOut aria-hidden="true" />
          <span className={cn(collapsed && 'sr-only')}>Sair</span>
        </button>
      </div>
    </nav>
  );
}

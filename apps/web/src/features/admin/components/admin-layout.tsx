import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { Outlet } from 'react-router';
import { adminRoleLabels } from '@medipay/shared/admin';
import { paymentPlatformMessages } from '@medipay/shared/payment-platform';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useAdminSession } from '../hooks/admin-session-context';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLogoutAction } from '../hooks/use-logout-action';
import { useSidebarShortcut, useSidebarState } from '../hooks/use-sidebar-state';
import { navItemsFor } from './admin-nav';
import { MobileSidebar } from './mobile-sidebar';
import { SidebarNav } from './sidebar-nav';

/** What the header's 'Sandbox' badge means (the built-in sandbox stands in for the platform). */
const sandboxHint = 'Plataforma MediPay em modo sandbox: nenhuma conta real é criada';

/**
 * The frame of the back office's pages: a collapsible sidebar ('Menu Principal'; 16rem, 3rem
 * with icons only; Ctrl+B or Cmd+B; remembered in a cookie), an off-canvas sheet instead on
 * small screens, and a header with the panel's title, the logged admin and, while the built-in
 * MediPay sandbox stands in for the payment platform, a 'Sandbox' badge.
 */
export function AdminLayout() {
  const { user, medipaySandbox } = useAdminSession();
  const { expanded, toggle } = useSidebarState();
  const isMobile = useIsMobile();
  const [sheetOpen, setSheetOpen] = useState(false);
  const sidebarId = useId();
  const sandboxHintId = useId();
  const items = navItemsFor(user.role);
  const { logout, loggingOut } = useLogoutAction(() => setSheetOpen(false));

  useSidebarShortcut(isMobile ? () => setSheetOpen((open) => !open) : toggle);

  return (
    <div className="flex min-h-screen bg-muted">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>

      <div
        id={sidebarId}
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-screen shrink-0 flex-col overflow-y-auto overflow-x-hidden border-r bg-white transition-[width] duration-200 motion-reduce:transition-none md:flex',
          expanded ? 'w-64' : 'w-12',
        )}
      >
        <SidebarNav items={items} collapsed={!expanded} onLogout={logout} loggingOut={loggingOut} />
      </div>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* On a phone the title keeps its whole width (the logged admin moves into the menu sheet);
            the badges wrap below it when even that is too narrow. */}
        <header className="sticky top-0 z-30 flex min-h-14 flex-wrap items-center gap-x-2 gap-y-1 border-b bg-white px-3 py-2 md:px-4">
          <MobileSidebar open={sheetOpen && isMobile} onOpenChange={setSheetOpen}>
            <p className="border-b px-4 py-3 leading-tight">
              <span className="block text-sm font-medium break-words">{user.name}</span>
              <span className="block text-xs text-muted-foreground">
                {adminRoleLabels[user.role]}
              </span>
            </p>
            <SidebarNav
              items={items}
              hideTitle
              onNavigate={() => setSheetOpen(false)}
              onLogout={logout}
              loggingOut={loggingOut}
            />
          </MobileSidebar>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="max-md:hidden"
            aria-expanded={expanded}
            aria-controls={sidebarId}
            aria-keyshortcuts="Control+B Meta+B"
            onClick={toggle}
          >
            {expanded ? (
              <PanelLeftClose aria-hidden="true" />
            ) : (
              <PanelLeftOpen aria-hidden="true" />
            )}
            <span className="sr-only">{expanded ? 'Recolher menu' : 'Expandir menu'}</span>
          </Button>
          <p className="font-semibold whitespace-nowrap">Painel Administrativo</p>
          <Badge variant="secondary" lang="en" className="max-sm:hidden">
            Admin Panel
          </Badge>
          {medipaySandbox && (
            <>
              <Badge
                variant="outline"
                lang="en"
                title={sandboxHint}
                aria-describedby={sandboxHintId}
                className="shrink-0 border-amber-400 bg-amber-100 text-amber-950"
              >
                {paymentPlatformMessages.sandboxBadge}
              </Badge>
              <span id={sandboxHintId} className="sr-only">
                {sandboxHint}
              </span>
            </>
          )}
          <p className="ml-auto flex min-w-0 flex-col items-end text-right leading-tight max-sm:hidden">
            <span className="max-w-full truncate text-sm font-medium">{user.name}</span>
            <span className="max-w-full truncate text-xs text-muted-foreground">
              {adminRoleLabels[user.role]}
            </span>
          </p>
        </header>
        <main id="conteudo" tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { landingSections, paths, type LandingSection } from '../../config/paths';
import { getPublicConfig } from '../../config/public-config';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { BrandLogo } from './brand-logo';
import { SectionLink } from './section-link';

export const headerSectionLinks: { section: LandingSection; label: string }[] = [
  { section: landingSections.comoFunciona, label: 'Como Funciona' },
  { section: landingSections.beneficios, label: 'Benefícios' },
  { section: landingSections.depoimentos, label: 'Depoimentos' },
  { section: landingSections.faq, label: 'FAQ' },
];

/**
 * The wizards are camera pages: the links to them load their document (`reloadDocument`), whose
 * Permissions-Policy allows the camera; inside this page's document it stays off
 * (cameraPagePaths, packages/shared/src/routes.ts).
 */
function HeaderActions({ onChoose, className }: { onChoose?: () => void; className?: string }) {
  const { appLoginUrl } = getPublicConfig();
  return (
    <div className={className}>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.onboardingPf} onClick={onChoose} reloadDocument>
          Sou Médico/Profissional
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.onboardingPj} onClick={onChoose} reloadDocument>
          Sou Operadora de Saúde
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.adminLogin} onClick={onChoose}>
          Admin
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={appLoginUrl} target="_blank" rel="noopener noreferrer" onClick={onChoose}>
          Fazer Login
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.onboardingPf} onClick={onChoose} reloadDocument>
          Abrir Conta
        </Link>
      </Button>
    </div>
  );
}

/** Fixed site header: section links, sign-up buttons, and a menu on small screens. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="rounded-sm focus-ring">
          <BrandLogo />
          <span className="sr-only">MediPay, página inicial</span>
        </Link>

        <nav aria-label="Seções" className="hidden xl:block">
          <ul className="flex items-center gap-6 text-sm font-medium">
            {headerSectionLinks.map(({ section, label }) => (
              <li key={section}>
                <SectionLink
                  section={section}
                  className="rounded-sm text-slate-700 hover:text-primary focus-ring"
                >
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <HeaderActions className="hidden items-center gap-1 xl:flex" />

        <Button
          variant="ghost"
          size="icon"
          className="xl:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="sr-only">{menuOpen ? 'Fechar menu' : 'Abrir menu'}</span>
        </Button>
      </div>

      <div
        id={menuId}
        hidden={!menuOpen}
        className={cn('border-t bg-white px-4 pb-4 shadow-md xl:hidden')}
      >
        <nav aria-label="Seções (menu)">
          <ul className="flex flex-col py-2 text-base font-medium">
            {headerSectionLinks.map(({ section, label }) => (
              <li key={section}>
                <SectionLink
                  section={section}
                  onClick={close}
                  className="block rounded-sm px-2 py-3 text-slate-700 hover:text-primary focus-ring"
                >
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderActions
          onChoose={close}
          className="flex flex-col items-stretch gap-2 [&>*]:justify-center"
        />
      </div>
    </header>
  );
}

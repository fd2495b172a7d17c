import { LogOut } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Flow } from '@medipay/shared/status';
import { paths } from '../../config/paths';
import { endApplicantSession } from '../../lib/applicant-api';
import { clearDrafts } from '../wizard/step-draft';
import { Button, buttonVariants } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { BrandLogo } from './brand-logo';

/**
 * Whether something was typed or chosen in the page's main content since the step on screen
 * opened (a step opens with its saved values; saving moves the wizard to the next step, which
 * changes the URL and starts again).
 */
function useUnsavedInput(): boolean {
  const { pathname, search } = useLocation();
  const [changed, setChanged] = useState<{ at: string } | null>(null);
  const at = `${pathname}${search}`;

  useEffect(() => {
    const onEdit = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('main')) setChanged({ at });
    };
    document.addEventListener('input', onEdit, true);
    document.addEventListener('change', onEdit, true);
    return () => {
      document.removeEventListener('input', onEdit, true);
      document.removeEventListener('change', onEdit, true);
    };
  }, [at]);

  return changed?.at === at;
}

/**
 * The header of the application wizards: the logo (home) and 'Sair', nothing to wander off to.
 * The logo goes home and the application stays open in this browser; 'Sair' also ends it (on the
 * server, with the tab's drafts), as wanted on a shared computer. Leaving a step with unsaved
 * input asks first.
 */
export function WizardHeader({ flow }: { flow: Flow }) {
  const navigate = useNavigate();
  const unsaved = useUnsavedInput();
  /** What the open confirmation leaves by: the logo (home) or 'Sair' (ends the application). */
  const [asking, setAsking] = useState<'home' | 'exit' | null>(null);
  const [exiting, setExiting] = useState(false);

  const exit = async () => {
    setExiting(true);
    try {
      await endApplicantSession(flow);
    } catch {
      setExiting(false);
      toast.error('Não foi possível sair do cadastro. Tente novamente.');
      return;
    }
    clearDrafts(flow);
    setAsking(null);
    void navigate(paths.home);
  };

  const goHome = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!unsaved) return;
    event.preventDefault();
    setAsking('home');
  };
  const leave = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (exiting) return;
    if (unsaved) setAsking('exit');
    else void exit();
  };

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} onClick={goHome} className="rounded-sm focus-ring">
          <BrandLogo />
          <span className="sr-only">MediPay, página inicial</span>
        </Link>
        <Link
          to={paths.home}
          onClick={leave}
          aria-label="Sair do cadastro"
          aria-disabled={exiting || undefined}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          <LogOut aria-hidden="true" />
          Sair
        </Link>
      </div>

      <Dialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sair do cadastro?</DialogTitle>
            <DialogDescription>
              O que você preencheu nesta etapa ainda não foi salvo. Para salvar, clique em Continuar
              antes de sair.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Ficar no cadastro
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant="destructive"
              disabled={exiting}
              onClick={() => {
                if (asking === 'exit') return void exit();
                setAsking(null);
                void navigate(paths.home);
              }}
            >
              Sair sem salvar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </header>
  );
}

import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { Button } from '../../../components/ui/button';
import { landingSections } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { managerFeatures, type ContactTopic } from '../content';
import { telHref } from '../../../lib/contact-links';
import { textLinkClass } from '../../../components/ui/text-link';
import { cardClass } from './benefits-section';
import { SectionHeading, sectionContainer } from './section-heading';

// Loaded on the first click only: keeps Radix Dialog out of the landing page's initial JavaScript.
const ContactDialog = lazy(() =>
  import('./contact-dialog').then((module) => ({ default: module.ContactDialog })),
);

/** Shown in place of the dialog if its code cannot be loaded (e.g. the network dropped). */
function ContactFallback() {
  const { supportPhone, supportEmail } = getPublicConfig();
  return (
    <p role="alert" className="mt-6 text-center text-slate-700">
      Fale com a MediPay pelo telefone{' '}
      <a href={telHref(supportPhone)} className={textLinkClass}>
        {supportPhone}
      </a>{' '}
      ou pelo e-mail{' '}
      <a href={`mailto:${supportEmail}`} className={textLinkClass}>
        {supportEmail}
      </a>
      .
    </p>
  );
}

export function ManagersSection() {
  // null until the first click: the dialog's code is not requested before that.
  const [topic, setTopic] = useState<ContactTopic | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);

  function openContact(event: MouseEvent<HTMLButtonElement>, next: ContactTopic) {
    opener.current = event.currentTarget;
    setTopic(next);
    setOpen(true);
  }

  // The dialog has no Radix Trigger, so focus goes back to the button that opened it.
  function returnFocus(event: Event) {
    event.preventDefault();
    opener.current?.focus();
  }

  return (
    <section id={landingSections.gestores} aria-labelledby="gestores-titulo">
      <div className={sectionContainer}>
        <SectionHeading id="gestores-titulo" title="Para gestores de hospitais e clínicas">
          Controle financeiro e operacional da sua instituição de saúde, com dados em tempo real.
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {managerFeatures.map(({ title, text }) => (
            <li key={title} className={`${cardClass} border-l-4 border-l-teal-700`}>
              <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" aria-haspopup="dialog" onClick={(event) => openContact(event, 'demo')}>
            Solicitar Demonstração
          </Button>
          <Button
            size="lg"
            variant="outline"
            aria-haspopup="dialog"
            onClick={(event) => openContact(event, 'consultor')}
          >
            Falar com Consultor
          </Button>
        </div>
        {topic && (
          <ErrorBoundary fallback={<ContactFallback />}>
            <Suspense fallback={null}>
              <ContactDialog
                topic={topic}
                open={open}
                onOpenChange={setOpen}
                onCloseAutoFocus={returnFocus}
              />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}

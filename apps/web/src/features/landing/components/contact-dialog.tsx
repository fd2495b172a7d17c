import { Mail, Phone } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { getPublicConfig } from '../../../config/public-config';
import { type ContactTopic } from '../content';
import { telHref } from '../../../lib/contact-links';

const topics: Record<ContactTopic, { subject: string; text: string }> = {
  demo: {
    subject: 'Solicitar Demonstração',
    text: 'Quer ver a MediPay funcionando na sua instituição? Fale com a nossa equipe e agende uma demonstração.',
  },
  consultor: {
    subject: 'Falar com Consultor',
    text: 'Nossos consultores ajudam a planejar a adoção da MediPay no seu hospital, clínica ou operadora.',
  },
};

const contactClass =
  'flex items-center gap-3 rounded-md border p-3 font-medium text-slate-900 hover:bg-accent focus-ring';

/** Contact options for managers. Loaded lazily by the managers section on first use. */
export function ContactDialog({
  topic,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  topic: ContactTopic;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { supportPhone, supportEmail } = getPublicConfig();
  const { subject, text } = topics[topic];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Fale com a MediPay</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <ul className="space-y-3">
          <li>
            <a href={telHref(supportPhone)} className={contactClass}>
              <Phone className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
              <span>
                <span className="block text-sm font-normal text-slate-600">Telefone</span>
                {supportPhone}
              </span>
            </a>
          </li>
          <li>
            <a
              href={`mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`}
              className={contactClass}
            >
              <Mail className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <span className="block text-sm font-normal text-slate-600">E-mail</span>
                {supportEmail}
              </span>
            </a>
          </li>
        </ul>
        <p className="text-sm text-slate-600">Atendimento 24 horas por dia, 7 dias por semana.</p>
      </DialogContent>
    </Dialog>
  );
}

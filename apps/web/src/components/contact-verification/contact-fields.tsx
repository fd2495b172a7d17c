import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { ApplicantSession } from '@medipay/shared/applicant-session';
import { maskPhone, maskPhoneInternational } from '@medipay/shared/masks';
import type { Flow } from '@medipay/shared/status';
import { registerMasked } from '../../lib/masked-register';
import { FormField } from '../form/form-field';
import { Input } from '../ui/input';
import { VerifyContactButton } from './verify-contact-button';

type ContactValues = { email: string; telefone: string };

/**
 * Each flow's phone: the individual types it with the country code (+55 unless abroad), the
 * company a Brazilian number.
 */
const contactPhone: Record<Flow, { mask: (value: string) => string; placeholder: string }> = {
  PF: { mask: maskPhoneInternational, placeholder: '+55 (11) 99999-9999' },
  PJ: { mask: maskPhone, placeholder: '(00) 00000-0000' },
};

type NotVerifiedMessages = {
  emailNotVerifiedTitle: string;
  emailNotVerified: string;
  phoneNotVerifiedTitle: string;
  phoneNotVerified: string;
};

export type VerifiedContacts = {
  email: string;
  telefone: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  /** True when both are verified; otherwise says which one is missing and returns false. */
  confirm: (messages: NotVerifiedMessages) => boolean;
};

/**
 * Whether the e-mail and the phone on screen are the ones the session confirmed by a code. The
 * flow's phone mask turns the confirmed phone (E.164) into what the field shows, to compare.
 */
export function useVerifiedContacts<Values extends ContactValues>(
  flow: Flow,
  control: Control<Values>,
  session: ApplicantSession,
): VerifiedContacts {
  const [email, telefone] = useWatch({
    control: control as unknown as Control<ContactValues>,
    name: ['email', 'telefone'],
  });
  const emailVerified = Boolean(email) && session.verifiedEmail === email.trim().toLowerCase();
  const phoneVerified =
    Boolean(session.verifiedPhone) &&
    contactPhone[flow].mask(session.verifiedPhone ?? '') === telefone;
  return {
    email,
    telefone,
    emailVerified,
    phoneVerified,
    confirm: (messages) => {
      if (!emailVerified) {
        toast.error(messages.emailNotVerifiedTitle, { description: messages.emailNotVerified });
        return false;
      }
      if (!phoneVerified) {
        toast.error(messages.phoneNotVerifiedTitle, { description: messages.phoneNotVerified });
        return false;
      }
      return true;
    },
  };
}

export type ContactFieldsProps<Values extends ContactValues> = {
  flow: Flow;
  /** The step's form, which holds `email` and `telefone`. */
  form: Pick<UseFormReturn<Values>, 'register' | 'formState'>;
  contacts: VerifiedContacts;
  onVerified: (session: ApplicantSession) => void;
};

/**
 * The e-mail and the phone, each with its 'Verificar' button and the code dialog; the phone with
 * the flow's mask and placeholder.
 */
export function ContactFields<Values extends ContactValues>({
  flow,
  form,
  contacts,
  onVerified,
}: ContactFieldsProps<Values>) {
  // The step's form as its two contact fields see it.
  const contactForm = form as unknown as Pick<
    UseFormReturn<ContactValues>,
    'register' | 'formState'
  >;
  const registerContact = contactForm.register;
  const { errors } = contactForm.formState;
  const phone = contactPhone[flow];
  return (
    <>
      <FormField
        label="E-mail"
        error={errors.email?.message}
        action={
          <VerifyContactButton
            flow={flow}
            channel="email"
            fieldLabel="e-mail"
            destination={contacts.email}
            verified={contacts.emailVerified}
            disabled={!contacts.email || Boolean(errors.email)}
            onVerified={onVerified}
          />
        }
      >
        <Input type="email" autoComplete="email" {...registerContact('email')} />
      </FormField>
      <FormField
        label="Telefone"
        error={errors.telefone?.message}
        action={
          <VerifyContactButton
            flow={flow}
            channel="phone"
            fieldLabel="telefone"
            destination={contacts.telefone}
            verified={contacts.phoneVerified}
            disabled={!contacts.telefone || Boolean(errors.telefone)}
            onVerified={onVerified}
          />
        }
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={phone.placeholder}
          {...registerMasked(registerContact, 'telefone', phone.mask)}
        />
      </FormField>
      {(!contacts.emailVerified || !contacts.phoneVerified) && (
        <p className="text-sm text-muted-foreground">
          Verifique o e-mail e o telefone para continuar.
        </p>
      )}
    </>
  );
}

import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { toast } from 'sonner';
import type { ApplicantSession } from '@medipay/shared/applicant-session';
import type { Flow } from '@medipay/shared/status';
import { registerMasked } from '../../lib/masked-register';
import { FormField } from '../form/form-field';
import { Input } from '../ui/input';
import { VerifyContactButton } from './verify-contact-button';

type ContactValues = { email: string; telefone: string };

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
 * Whether the e-mail and the phone on screen are the ones the session confirmed by a code.
 * `maskPhone` is the field's mask, to compare the confirmed phone (E.164) with what is typed.
 */
export function useVerifiedContacts<Values extends ContactValues>(
  control: Control<Values>,
  session: ApplicantSession,
  maskPhone: (value: string) => string,
): VerifiedContacts {
  const [email, telefone] = useWatch({
    control: control as unknown as Control<ContactValues>,
    name: ['email', 'telefone'],
  });
  const emailVerified = Boolean(email) && session.verifiedEmail === email.trim().toLowerCase();
  const phoneVerified =
    Boolean(session.verifiedPhone) && maskPhone(session.verifiedPhone ?? '') === telefone;
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
  register: UseFormRegister<Values>;
  errors: FieldErrors<ContactValues>;
  contacts: VerifiedContacts;
  onVerified: (session: ApplicantSession) => void;
  maskPhone: (value: string) => string;
  phonePlaceholder: string;
};

/** The e-mail and the phone, each with its 'Verificar' button and the code dialog. */
export function ContactFields<Values extends ContactValues>({
  flow,
  register,
  errors,
  contacts,
  onVerified,
  maskPhone,
  phonePlaceholder,
}: ContactFieldsProps<Values>) {
  const registerContact = register as unknown as UseFormRegister<ContactValues>;
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
          placeholder={phonePlaceholder}
          {...registerMasked(registerContact, 'telefone', maskPhone)}
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

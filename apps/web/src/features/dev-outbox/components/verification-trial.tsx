import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { ApplicantSession } from '@medipay/shared/applicant-session';
import { maskPhoneInternational } from '@medipay/shared/masks';
import { VerifyContactButton } from '../../../components/contact-verification/verify-contact-button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { startApplicantSession } from '../../../lib/applicant-api';

/**
 * Tries the e-mail and phone checks of the wizards on a session of their own, so that the code
 * messages and the code dialog can be seen working locally.
 */
export function VerificationTrial() {
  const emailId = useId();
  const phoneId = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [session, setSession] = useState<ApplicantSession | null>(null);
  const start = useMutation({
    mutationFn: () => startApplicantSession('PF'),
    onSuccess: setSession,
  });
  const { mutate } = start;

  useEffect(() => mutate(), [mutate]);

  const emailVerified = Boolean(email) && session?.verifiedEmail === email.trim().toLowerCase();
  const phoneVerified =
    Boolean(session?.verifiedPhone) &&
    maskPhoneInternational(session?.verifiedPhone ?? '') === phone;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Testar verificação de contato</h2>
        <CardDescription>
          Envia um código de verificação como nos cadastros. Os códigos aparecem na lista abaixo e
          no log do servidor.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={emailId}>E-mail</Label>
          <div className="flex gap-2">
            <Input
              id={emailId}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <VerifyContactButton
              flow="PF"
              channel="email"
              fieldLabel="e-mail"
              destination={email}
              verified={emailVerified}
              disabled={!session}
              onVerified={setSession}
            />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={phoneId}>Telefone</Label>
          <div className="flex gap-2">
            <Input
              id={phoneId}
              type="tel"
              inputMode="tel"
              placeholder="+55 (11) 99999-9999"
              value={phone}
              onChange={(event) => setPhone(maskPhoneInternational(event.target.value))}
            />
            <VerifyContactButton
              flow="PF"
              channel="phone"
              fieldLabel="telefone"
              destination={phone}
              verified={phoneVerified}
              disabled={!session}
              onVerified={setSession}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

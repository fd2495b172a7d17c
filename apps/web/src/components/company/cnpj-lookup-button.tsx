import { useState } from 'react';
import { toast } from 'sonner';
import { CNPJ_LENGTH } from '@medipay/shared/constants';
import {
  isActiveRegistration,
  lookupMessages,
  type CnpjLookupResult,
} from '@medipay/shared/lookup';
import { validationMessages } from '@medipay/shared/messages';
import { cnpjCharacters, isValidCnpj } from '@medipay/shared/tax-id';
import { ApiRequestError } from '../../lib/api-client';
import { lookupCnpj } from '../../lib/lookup-api';
import { Button } from '../ui/button';

export type CnpjLookupButtonProps = {
  /** The CNPJ as typed (masked). */
  cnpj: string;
  onFound: (result: CnpjLookupResult) => void;
  /**
   * A full CNPJ whose check digits are wrong: the form shows its own 'CNPJ inválido' on the
   * field. Without it, the same message is a toast.
   */
  onInvalid?: () => void;
  /** A lookup that found nothing or failed: what to tell beside the field (after the toast). */
  onFailed?: (next: string) => void;
};

/** 'Buscar dados' beside the CNPJ: fills the company step from the registry. */
export function CnpjLookupButton({ cnpj, onFound, onInvalid, onFailed }: CnpjLookupButtonProps) {
  const [searching, setSearching] = useState(false);

  async function search() {
    const characters = cnpjCharacters(cnpj);
    if (characters.length !== CNPJ_LENGTH) {
      toast.error(lookupMessages.cnpjIncomplete, {
        description: lookupMessages.cnpjIncompleteHint,
      });
      return;
    }
    if (!isValidCnpj(characters)) {
      if (onInvalid) onInvalid();
      else toast.error(validationMessages.cnpjInvalid);
      return;
    }
    setSearching(true);
    try {
      onFound(await lookupCnpj(characters));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        toast.error(lookupMessages.cnpjNotFound);
        onFailed?.(lookupMessages.cnpjNotFoundNext);
      } else if (error instanceof ApiRequestError && error.status === 400) {
        toast.error(lookupMessages.cnpjIncomplete, {
          description: lookupMessages.cnpjIncompleteHint,
        });
      } else {
        toast.error(lookupMessages.lookupFailed, { description: lookupMessages.cnpjProviderError });
        onFailed?.(lookupMessages.cnpjFailedNext);
      }
    } finally {
      setSearching(false);
    }
  }

  return (
    <Button type="button" variant="outline" onClick={search} disabled={searching}>
      {searching ? 'Buscando...' : 'Buscar dados'}
    </Button>
  );
}

/** The warning shown when the registry says the company is not active. */
export function RegistrationWarning({ situacao }: { situacao: string }) {
  if (!situacao || isActiveRegistration(situacao)) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
    >
      {lookupMessages.inactiveRegistration(situacao)}
    </p>
  );
}

import { useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { CEP_LENGTH } from '@medipay/shared/constants';
import { lookupMessages } from '@medipay/shared/lookup';
import { maskCep, maskUf } from '@medipay/shared/masks';
import { onlyDigits } from '@medipay/shared/tax-id';
import { ApiRequestError } from '../../lib/api-client';
import { lookupCep } from '../../lib/lookup-api';
import { FormField } from '../form/form-field';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';

/** The address fields of both wizards, with the names of the spec. */
export type AddressFormValues = {
  cep: string;
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  cidade: string;
  uf: string;
};

/** The address fields before anything is typed. */
export const emptyAddress: AddressFormValues = {
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: '',
};

/** The fields a CEP lookup fills. */
const lookedUpFields = ['logradouro', 'bairro', 'cidade', 'uf'] as const;
type LookedUp = Record<(typeof lookedUpFields)[number], string>;

/**
 * CEP, street, number, complement, district, city and state. A complete CEP looks the address up
 * and fills street, district, city and state; number and complement stay as typed. A failed
 * lookup says beside the CEP what to do next, clears what a previous CEP filled (what the
 * applicant typed stays) and puts the cursor in the first field to fill.
 */
export function AddressFields() {
  const { register, setValue, getValues, setFocus, formState } =
    useFormContext<AddressFormValues>();
  const { errors } = formState;
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const lastLookup = useRef('');
  /**
   * What the last CEP filled, to clear when another CEP finds nothing; before any lookup here,
   * the address the form started with (saved, or from the company's registry) under its CEP.
   */
  const filled = useRef<LookedUp | null | undefined>(undefined);

  function startingAddress(): LookedUp | null {
    const start = formState.defaultValues;
    if (!start?.cep) return null;
    return {
      logradouro: start.logradouro ?? '',
      bairro: start.bairro ?? '',
      cidade: start.cidade ?? '',
      uf: start.uf ?? '',
    };
  }

  function clearLookedUp() {
    const previous = filled.current === undefined ? startingAddress() : filled.current;
    filled.current = null;
    if (!previous) return;
    for (const name of lookedUpFields) {
      if (getValues(name) === previous[name]) setValue(name, '', { shouldDirty: true });
    }
  }

  async function search(cep: string) {
    lastLookup.current = cep;
    setSearching(true);
    setFailure(null);
    try {
      const address = await lookupCep(cep);
      if (lastLookup.current !== cep) return;
      const found: LookedUp = {
        logradouro: address.logradouro,
        bairro: address.bairro,
        cidade: address.localidade,
        uf: maskUf(address.uf),
      };
      const fill = { shouldValidate: true, shouldDirty: true } as const;
      for (const name of lookedUpFields) setValue(name, found[name], fill);
      filled.current = found;
    } catch (error) {
      if (lastLookup.current !== cep) return;
      const notFound = error instanceof ApiRequestError && error.status === 404;
      if (notFound) {
        toast.error(lookupMessages.cepNotFound, { description: lookupMessages.cepNotFoundHint });
      } else {
        toast.error(lookupMessages.lookupFailed, { description: lookupMessages.cepFetchError });
      }
      setFailure(notFound ? lookupMessages.cepNotFoundNext : lookupMessages.cepFailedNext);
      clearLookedUp();
      const firstEmpty = lookedUpFields.find((name) => !getValues(name)) ?? 'numero';
      setFocus(firstEmpty);
    } finally {
      if (lastLookup.current === cep) setSearching(false);
    }
  }

  const cepField = register('cep');
  const ufField = register('uf');

  function handleCepChange(event: ChangeEvent<HTMLInputElement>) {
    event.target.value = maskCep(event.target.value);
    void cepField.onChange(event);
    const digits = onlyDigits(event.target.value);
    if (digits.length === CEP_LENGTH && digits !== lastLookup.current) void search(digits);
    if (digits.length < CEP_LENGTH) {
      lastLookup.current = '';
      setFailure(null);
    }
  }

  function handleCepBlur(event: FocusEvent<HTMLInputElement>) {
    void cepField.onBlur(event);
    const digits = onlyDigits(event.target.value);
    if (digits.length > 0 && digits.length < CEP_LENGTH) toast.error(lookupMessages.cepIncomplete);
  }

  function handleUfChange(event: ChangeEvent<HTMLInputElement>) {
    event.target.value = maskUf(event.target.value);
    void ufField.onChange(event);
  }

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <FormField
        label="CEP"
        error={errors.cep?.message}
        className="space-y-2 sm:col-span-2"
        hint={
          searching ? (
            <span role="status" className="inline-flex items-center gap-1">
              <Spinner className="size-3" /> Buscando endereço...
            </span>
          ) : failure ? (
            <span role="status" className="font-medium text-amber-900">
              {failure}
            </span>
          ) : (
            'O endereço é preenchido a partir do CEP.'
          )
        }
      >
        <Input
          {...cepField}
          onChange={handleCepChange}
          onBlur={handleCepBlur}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
        />
      </FormField>
      <FormField
        label="Logradouro"
        error={errors.logradouro?.message}
        className="space-y-2 sm:col-span-4"
      >
        <Input {...register('logradouro')} autoComplete="address-line1" />
      </FormField>
      <FormField label="Número" error={errors.numero?.message} className="space-y-2 sm:col-span-2">
        <Input {...register('numero')} />
      </FormField>
      <FormField
        label="Complemento (opcional)"
        error={errors.complemento?.message}
        className="space-y-2 sm:col-span-4"
      >
        <Input {...register('complemento')} autoComplete="address-line2" />
      </FormField>
      <FormField label="Bairro" error={errors.bairro?.message} className="space-y-2 sm:col-span-3">
        <Input {...register('bairro')} />
      </FormField>
      <FormField label="Cidade" error={errors.cidade?.message} className="space-y-2 sm:col-span-2">
        <Input {...register('cidade')} autoComplete="address-level2" />
      </FormField>
      <FormField label="UF" error={errors.uf?.message} className="space-y-2 sm:col-span-1">
        <Input
          {...ufField}
          onChange={handleUfChange}
          autoComplete="address-level1"
          maxLength={2}
          className="uppercase"
        />
      </FormField>
    </div>
  );
}

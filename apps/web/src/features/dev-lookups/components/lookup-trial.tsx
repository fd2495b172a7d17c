import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { addressSchema } from '@medipay/shared/address';
import {
  labelOf,
  responsavelCargoOptions,
  tipoEmpresaOptions,
  areaAtuacaoOptions,
} from '@medipay/shared/options';
import type { CnpjLookupResult } from '@medipay/shared/lookup';
import { maskCnpj } from '@medipay/shared/masks';
import {
  AddressFields,
  emptyAddress,
  type AddressFormValues,
} from '../../../components/address/address-fields';
import {
  CnpjLookupButton,
  RegistrationWarning,
} from '../../../components/company/cnpj-lookup-button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { startApplicantSession } from '../../../lib/applicant-api';

/** The CNPJ lookup of the company step and the address fields of both wizards, to try locally. */
export function LookupTrial() {
  const cnpjId = useId();
  const [cnpj, setCnpj] = useState('');
  const [company, setCompany] = useState<CnpjLookupResult | null>(null);
  const [ready, setReady] = useState(false);
  const form = useForm<AddressFormValues>({
    resolver: zodResolver(addressSchema) as never,
    defaultValues: emptyAddress,
  });
  const { reset } = form;

  useEffect(() => {
    void startApplicantSession('PJ').then(() => setReady(true));
  }, []);

  function fillFromRegistry(result: CnpjLookupResult) {
    setCompany(result);
    reset({
      ...emptyAddress,
      cep: result.cep ? `${result.cep.slice(0, 5)}-${result.cep.slice(5)}` : '',
      logradouro: result.logradouro,
      numero: result.numero,
      complemento: result.complemento,
      bairro: result.bairro,
      cidade: result.municipio,
      uf: result.uf,
    });
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">Consulta de CNPJ</h2>
          <CardDescription>
            Busca os dados da empresa como na primeira etapa do cadastro de operadoras.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={cnpjId}>CNPJ</Label>
            <div className="flex gap-2">
              <Input
                id={cnpjId}
                value={cnpj}
                placeholder="00.000.000/0000-00"
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  setCnpj(maskCnpj(event.target.value))
                }
              />
              {ready && <CnpjLookupButton cnpj={cnpj} onFound={fillFromRegistry} />}
            </div>
          </div>
          {company && (
            <div className="space-y-3">
              <RegistrationWarning situacao={company.situacao} />
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium">Razão social</dt>
                <dd>{company.nome}</dd>
                <dt className="font-medium">Nome fantasia</dt>
                <dd>{company.fantasia || '-'}</dd>
                <dt className="font-medium">Situação</dt>
                <dd>{company.situacao || '-'}</dd>
                <dt className="font-medium">Atividade principal</dt>
                <dd>
                  {company.atividade_principal.map((activity) => activity.text).join('; ') || '-'}
                </dd>
                <dt className="font-medium">Tipo de empresa sugerido</dt>
                <dd>{labelOf(tipoEmpresaOptions, company.sugestoes.tipoEmpresa)}</dd>
                <dt className="font-medium">Área de atuação sugerida</dt>
                <dd>{labelOf(areaAtuacaoOptions, company.sugestoes.areaAtuacao)}</dd>
                <dt className="font-medium">Responsável sugerido</dt>
                <dd>
                  {company.sugestoes.responsavel
                    ? `${company.sugestoes.responsavel.nome} (${labelOf(responsavelCargoOptions, company.sugestoes.responsavel.cargo)})`
                    : '-'}
                </dd>
              </dl>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">Endereço</h2>
          <CardDescription>Digite um CEP: o endereço é preenchido pela consulta.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormProvider {...form}>
            <form noValidate onSubmit={(event) => event.preventDefault()}>
              <AddressFields />
            </form>
          </FormProvider>
        </CardContent>
      </Card>
    </div>
  );
}

import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { UploadedDocument } from '@medipay/shared/documents';
import {
  documentOwnerMismatch,
  identityMessages,
  type DocumentOwnerMismatch,
} from '@medipay/shared/identity-comparison';
import { maskDate, maskUf } from '@medipay/shared/masks';
import { docProfissionalOptions, ufOptions } from '@medipay/shared/options';
import { ExtractionStatus } from '../../../../components/documents/extraction-status';
import {
  useDocumentExtraction,
  type ExtractedIdentityFields,
} from '../../../../components/documents/use-document-extraction';
import { FormField } from '../../../../components/form/form-field';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { DocumentField } from '../../../../components/upload/document-field';
import { StepActions } from '../../../../components/wizard/step-actions';
import { savedTexts, useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import { registerMasked } from '../../../../lib/masked-register';
import type { StepProps } from '../step-props';
import { pfWizard } from '../pf-wizard-flow';

type Values = {
  docProfissionalTipo: string;
  docProfissionalNumero: string;
  docProfissionalUf: string;
  docProfissionalOrgaoEmissor: string;
  docIdentidadeFrente: UploadedDocument | null;
  docIdentidadeVerso: UploadedDocument | null;
  docIdentidadeNome: string;
  docIdentidadeNumero: string;
  docIdentidadeOrgao: string;
  docIdentidadeUf: string;
  docIdentidadeValidade: string;
};

const identityFields = {
  nome: 'docIdentidadeNome',
  numero: 'docIdentidadeNumero',
  orgao: 'docIdentidadeOrgao',
  uf: 'docIdentidadeUf',
  validade: 'docIdentidadeValidade',
} as const satisfies Record<keyof ExtractedIdentityFields, keyof Values>;

/**
 * Step 3: the professional registration and the identity document, front and back. The data read
 * from each side of the document fills the identity fields, which stay editable.
 */
export function DocumentsStep({ values, onSaved, onBack }: StepProps) {
  const defaultValues: Values = {
    ...savedTexts(values, [
      'docProfissionalTipo',
      'docProfissionalNumero',
      'docProfissionalUf',
      'docProfissionalOrgaoEmissor',
    ]),
    docIdentidadeFrente: values.docIdentidadeFrente ?? null,
    docIdentidadeVerso: values.docIdentidadeVerso ?? null,
    ...savedTexts(values, Object.values(identityFields)),
  };
  const { form, saving, save } = useWizardStepForm(pfWizard, 3, { defaultValues, onSaved });
  // A document whose name or CPF is not step 1's is saved only once the applicant confirms it
  // is theirs (the server refuses it otherwise, and keeps the confirmation for the reviewer).
  const [mismatch, setMismatch] = useState<DocumentOwnerMismatch | null>(null);
  // The field 'Corrigir' takes the focus to (kept after the dialog closes).
  const [fieldToCorrect, setFieldToCorrect] = useState<'docIdentidadeNome' | 'docIdentidadeNumero'>(
    'docIdentidadeNome',
  );
  const submit = form.handleSubmit((typed) => {
    const found = documentOwnerMismatch(
      { nome: values.nomeCompleto ?? '', cpf: values.cpf ?? '' },
      { nome: typed.docIdentidadeNome, numero: typed.docIdentidadeNumero },
    );
    if (!found) return save(typed);
    setFieldToCorrect(found.nome ? 'docIdentidadeNome' : 'docIdentidadeNumero');
    setMismatch(found);
  });
  const confirmOwner = () => {
    setMismatch(null);
    void save({ ...form.getValues(), docIdentidadeDivergenciaConfirmada: true });
  };
  // Correcting takes the focus to the field to correct, not back to 'Continuar'.
  const correcting = useRef(false);
  const correct = () => {
    correcting.current = true;
    setMismatch(null);
  };
  const { register, control, formState, setValue } = form;
  const { errors } = formState;

  const fill = (fields: ExtractedIdentityFields) => {
    for (const [key, name] of Object.entries(identityFields)) {
      const value = fields[key as keyof ExtractedIdentityFields];
      if (!value) continue;
      // A field the applicant had to fill in (the reading failed before) loses its message.
      setValue(name, key === 'validade' ? maskDate(value) : value, {
        shouldDirty: true,
        shouldValidate: form.getFieldState(name).invalid,
      });
    }
  };
  // Only a document sent in this visit is read: a saved one was read (and checked) before, and
  // one the tab's draft brings back after a reload was read when it was sent (reading it again
  // would fill the fields over what the applicant corrected since).
  const [opened] = useState(() => form.getValues());
  const frontDocument = useWatch({ control, name: 'docIdentidadeFrente' });
  const backDocument = useWatch({ control, name: 'docIdentidadeVerso' });
  const sentNow = (document: UploadedDocument | null, atOpening: UploadedDocument | null) =>
    document && document.id !== atOpening?.id ? document : null;
  // Each side fills what it reads; a side that reads nothing once the other side filled the
  // fields is no error.
  const front = useDocumentExtraction(
    'PF',
    sentNow(frontDocument, opened.docIdentidadeFrente),
    fill,
    () => back === 'done',
  );
  const back = useDocumentExtraction(
    'PF',
    sentNow(backDocument, opened.docIdentidadeVerso),
    fill,
    () => front === 'done',
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Registro profissional</legend>
        <FormField label="Tipo de documento" error={errors.docProfissionalTipo?.message}>
          <NativeSelect options={docProfissionalOptions} {...register('docProfissionalTipo')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Número do registro" error={errors.docProfissionalNumero?.message}>
            <Input {...register('docProfissionalNumero')} />
          </FormField>
          <FormField label="UF do registro" error={errors.docProfissionalUf?.message}>
            <NativeSelect options={ufOptions} {...register('docProfissionalUf')} />
          </FormField>
        </div>
        <FormField
          label="Órgão emissor (opcional)"
          error={errors.docProfissionalOrgaoEmissor?.message}
        >
          <Input {...register('docProfissionalOrgaoEmissor')} />
        </FormField>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Documento de identidade (RG, CIN ou CNH)</legend>
        <DocumentField
          control={control}
          name="docIdentidadeFrente"
          flow="PF"
          camera="environment"
        />
        <ExtractionStatus state={front} />
        <DocumentField control={control} name="docIdentidadeVerso" flow="PF" camera="environment" />
        <ExtractionStatus state={back} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nome no documento" error={errors.docIdentidadeNome?.message}>
            <Input {...register('docIdentidadeNome')} />
          </FormField>
          <FormField label="Número do documento" error={errors.docIdentidadeNumero?.message}>
            <Input {...register('docIdentidadeNumero')} />
          </FormField>
          <FormField label="Órgão expedidor" error={errors.docIdentidadeOrgao?.message}>
            <Input {...register('docIdentidadeOrgao')} />
          </FormField>
          <FormField label="UF do documento" error={errors.docIdentidadeUf?.message}>
            <Input
              maxLength={2}
              {...register('docIdentidadeUf', {
                setValueAs: (value: string) => maskUf(value),
              })}
            />
          </FormField>
          <FormField
            label="Validade"
            hint="DD/MM/AAAA"
            error={errors.docIdentidadeValidade?.message}
          >
            <Input
              inputMode="numeric"
              maxLength={10}
              {...registerMasked(register, 'docIdentidadeValidade', maskDate)}
            />
          </FormField>
        </div>
      </fieldset>
      <StepActions saving={saving} onBack={onBack} />

      <Dialog open={mismatch !== null} onOpenChange={(open) => !open && correct()}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            if (!correcting.current) return;
            correcting.current = false;
            event.preventDefault();
            form.setFocus(fieldToCorrect);
          }}
        >
          <DialogHeader>
            <DialogTitle>{identityMessages.confirmTitle}</DialogTitle>
            <DialogDescription asChild>
              <div className="space-y-2">
                {mismatch?.nome && (
                  <p>
                    {identityMessages.confirmName(
                      form.getValues('docIdentidadeNome'),
                      values.nomeCompleto ?? '',
                    )}
                  </p>
                )}
                {mismatch?.cpf && <p>{identityMessages.confirmCpf}</p>}
                <p>{identityMessages.confirmHint}</p>
              </div>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={correct}>
              {identityMessages.correctAction}
            </Button>
            <Button type="button" onClick={confirmOwner} disabled={saving}>
              {identityMessages.confirmAction}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}

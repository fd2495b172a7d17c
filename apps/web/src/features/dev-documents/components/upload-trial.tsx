import { useEffect, useId, useState } from 'react';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields } from '@medipay/shared/files';
import { ExtractionStatus } from '../../../components/documents/extraction-status';
import {
  useDocumentExtraction,
  type ExtractedIdentityFields,
  type ExtractionState,
  type IdentityFieldName,
} from '../../../components/documents/use-document-extraction';
import { FileUpload } from '../../../components/upload/file-upload';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { startApplicantSession } from '../../../lib/applicant-api';

const fields = [
  { field: 'comprovanteResidencia', label: 'Comprovante de residência', camera: undefined },
  { field: 'selfie', label: 'Selfie', camera: 'user' },
] as const;

const identityInputs: readonly { name: IdentityFieldName; label: string }[] = [
  { name: 'nome', label: 'Nome' },
  { name: 'numero', label: 'Número do documento' },
  { name: 'orgao', label: 'Órgão emissor' },
  { name: 'uf', label: 'UF' },
  { name: 'validade', label: 'Validade' },
];

type IdentityValues = Record<IdentityFieldName, string>;
const emptyIdentity: IdentityValues = { nome: '', numero: '', orgao: '', uf: '', validade: '' };

/** The identity document front with the fields read from it, editable like the wizard's. */
function IdentityTrial({
  document,
  onDocumentChange,
  state,
  identity,
  onIdentityChange,
}: {
  document: UploadedDocument | null;
  onDocumentChange: (document: UploadedDocument | null) => void;
  state: ExtractionState;
  identity: IdentityValues;
  onIdentityChange: (name: IdentityFieldName, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <FileUpload
          flow="PF"
          field="docIdentidadeFrente"
          kind={pfFileFields.docIdentidadeFrente}
          label="Documento de identidade (frente)"
          camera="environment"
          value={document}
          onChange={onDocumentChange}
        />
        <ExtractionStatus state={state} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Dados do documento de identidade</legend>
        {identityInputs.map(({ name, label }) => (
          <div key={name} className={name === 'nome' ? 'space-y-2 sm:col-span-2' : 'space-y-2'}>
            <Label htmlFor={`${id}-${name}`}>{label}</Label>
            <Input
              id={`${id}-${name}`}
              name={name}
              autoComplete="off"
              maxLength={name === 'uf' ? 2 : undefined}
              value={identity[name]}
              onChange={(event) =>
                onIdentityChange(
                  name,
                  name === 'uf' ? event.target.value.toUpperCase() : event.target.value,
                )
              }
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}

/** The document upload of the wizards on a session of its own, to try locally. */
export function UploadTrial() {
  const [ready, setReady] = useState(false);
  const [values, setValues] = useState<Record<string, UploadedDocument | null>>({});
  const setValue = (field: string, document: UploadedDocument | null) =>
    setValues((current) => ({ ...current, [field]: document }));
  // Kept here, not in the tab: the reading goes on, and the fields stay, on the other tab.
  const [identity, setIdentity] = useState<IdentityValues>(emptyIdentity);
  const identityFront = values.docIdentidadeFrente ?? null;
  // Only the fields read replace what is there; the others keep what the applicant typed.
  const extraction = useDocumentExtraction('PF', identityFront, (read: ExtractedIdentityFields) =>
    setIdentity((current) => ({ ...current, ...read })),
  );

  useEffect(() => {
    void startApplicantSession('PF').then(() => setReady(true));
  }, []);

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Envio de documentos</h2>
        <CardDescription>
          Os arquivos passam pelas mesmas verificações dos cadastros e ficam guardados de forma
          privada.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {ready && (
          <Tabs defaultValue="arquivos">
            <TabsList>
              <TabsTrigger value="arquivos">Comprovante e selfie</TabsTrigger>
              <TabsTrigger value="identidade">Documento de identidade</TabsTrigger>
            </TabsList>
            <TabsContent value="arquivos" className="space-y-6">
              {fields.map(({ field, label, camera }) => (
                <FileUpload
                  key={field}
                  flow="PF"
                  field={field}
                  kind={pfFileFields[field]}
                  label={label}
                  camera={camera}
                  value={values[field] ?? null}
                  onChange={(document) => setValue(field, document)}
                />
              ))}
            </TabsContent>
            <TabsContent value="identidade">
              <IdentityTrial
                document={identityFront}
                onDocumentChange={(document) => setValue('docIdentidadeFrente', document)}
                state={extraction}
                identity={identity}
                onIdentityChange={(name, value) =>
                  setIdentity((current) => ({ ...current, [name]: value }))
                }
              />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}

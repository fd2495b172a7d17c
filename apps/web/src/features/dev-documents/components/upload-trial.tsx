import { useEffect, useState } from 'react';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields } from '@medipay/shared/files';
import { FileUpload } from '../../../components/upload/file-upload';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { startApplicantSession } from '../../../lib/applicant-api';

const fields = [
  { field: 'comprovanteResidencia', label: 'Comprovante de residência', camera: undefined },
  { field: 'selfie', label: 'Selfie', camera: 'user' },
] as const;

/** The document upload of the wizards on a session of its own, to try locally. */
export function UploadTrial() {
  const [ready, setReady] = useState(false);
  const [values, setValues] = useState<Record<string, UploadedDocument | null>>({});

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
      <CardContent className="space-y-6">
        {ready &&
          fields.map(({ field, label, camera }) => (
            <FileUpload
              key={field}
              flow="PF"
              field={field}
              kind={pfFileFields[field]}
              label={label}
              camera={camera}
              value={values[field] ?? null}
              onChange={(document) => setValues((current) => ({ ...current, [field]: document }))}
            />
          ))}
      </CardContent>
    </Card>
  );
}

import { useEffect, useState } from 'react';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields } from '@medipay/shared/files';
import {
  BiometricCheck,
  emptyBiometrics,
  type BiometricsValue,
} from '../../../components/biometrics/biometric-check';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FileUpload } from '../../../components/upload/file-upload';
import { startApplicantSession } from '../../../lib/applicant-api';

/**
 * The selfie step of the individual wizard on a session of its own: the front of the identity
 * document (its photo is compared with the selfie), then the selfie with the liveness challenge,
 * the selfie with the document and the check.
 */
export function BiometricsTrial() {
  const [ready, setReady] = useState(false);
  const [front, setFront] = useState<UploadedDocument | null>(null);
  const [biometrics, setBiometrics] = useState<BiometricsValue>(emptyBiometrics);

  useEffect(() => {
    void startApplicantSession('PF').then(() => setReady(true));
  }, []);

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Verificação de identidade</h2>
        <CardDescription>
          A selfie é comparada com a selfie com documento e com a foto do documento de identidade; a
          prova de vida pede movimentos em frente à câmera.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {ready && (
          <>
            <FileUpload
              flow="PF"
              field="docIdentidadeFrente"
              kind={pfFileFields.docIdentidadeFrente}
              label="Documento de identidade (frente)"
              camera="environment"
              value={front}
              onChange={setFront}
            />
            <BiometricCheck value={biometrics} onChange={setBiometrics} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

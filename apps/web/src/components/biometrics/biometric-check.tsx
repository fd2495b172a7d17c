import { useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  biometricMessages,
  biometricPhotoLabels,
  formatConfidence,
  type BiometricCheck as BiometricCheckResult,
} from '@medipay/shared/biometrics';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields } from '@medipay/shared/files';
import { getPublicConfig } from '../../config/public-config';
import { ApiRequestError } from '../../lib/api-client';
import { checkBiometrics } from '../../lib/biometrics-api';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { FileUpload } from '../upload/file-upload';
import { useBiometricsEndpoints } from './biometrics-endpoints';
import { ContinueOnPhone, phoneStatus } from './continue-on-phone';
import { LivenessCamera } from './liveness-camera';
import { SelfieCamera } from './selfie-camera';
import { usePhoneHandoff, type PhoneResult } from './use-phone-handoff';

export type BiometricsValue = {
  selfie: UploadedDocument | null;
  selfieDoc: UploadedDocument | null;
  /** The liveness challenge the selfie followed; null for a selfie sent as a file. */
  challengeId: string | null;
  result: BiometricCheckResult | null;
};

export const emptyBiometrics: BiometricsValue = {
  selfie: null,
  selfieDoc: null,
  challengeId: null,
  result: null,
};

export type BiometricCheckProps = {
  value: BiometricsValue;
  /**
   * Receives an update of the current value (the photos upload concurrently, so each change
   * applies to the newest value, as with React's state setter).
   */
  onChange: (update: (current: BiometricsValue) => BiometricsValue) => void;
  /** The form's message when the applicant tries to go on without passing. */
  error?: string | undefined;
  /** The phone of 'Continuar no celular' finished the step: its photos and result, now this value. */
  onPhoneDone?: (value: BiometricsValue) => void;
  /**
   * Takes the applicant to the identity document's front (step 3), offered when a failed check
   * points at its photo; absent where the document cannot be replaced (the phone).
   */
  onReplaceDocument?: () => void;
};

/**
 * Whether a failed check points at the identity document's photo rather than at the selfies:
 * a problem with the document's photo, while the two selfies did not disagree.
 */
export function documentLikelyCause(result: BiometricCheckResult): boolean {
  const { reasons } = result;
  return (
    reasons.some((reason) => reason.photo === 'document') &&
    !reasons.some((reason) => reason.photo === 'selfieDoc' && reason.reason === 'no-match')
  );
}

/**
 * The selfie step: a selfie by the camera with the liveness challenge (a file only in the
 * sandbox: a selfie sent as a file can never pass), a selfie holding the identity document, and
 * the check of both against the document photo. Without a camera, 'Continuar no celular'. Aprovado
 * shows the confidence as a percent with one decimal; em revisão says calmly that the team will
 * confirm the photos (the applicant goes on); reprovado offers a retry that clears both photos,
 * and a new photo of the identity document when that photo is the likely cause.
 */
export function BiometricCheck({
  value,
  onChange,
  error,
  onPhoneDone,
  onReplaceDocument,
}: BiometricCheckProps) {
  const [checking, setChecking] = useState(false);
  const challengeOfNextSelfie = useRef<string | null>(null);
  const { kycSandbox } = getPublicConfig();
  const { base, offerPhone } = useBiometricsEndpoints();
  const { result } = value;
  /** The phone's selfie step: its photos and result become this step's. */
  const fromPhone = ({ selfie, selfieDoc, check }: PhoneResult) => {
    const next = { selfie, selfieDoc, challengeId: null, result: check };
    onChange(() => next);
    onPhoneDone?.(next);
  };
  const handoff = usePhoneHandoff(offerPhone, fromPhone);
  const phoneAtWork = handoff.state === 'waiting' || handoff.state === 'opened';
  const uploadUrl = (field: string) => `/api${base}/documents/${field}`;

  async function verify() {
    if (!value.selfie || !value.selfieDoc) return;
    setChecking(true);
    try {
      const checked = await checkBiometrics(
        {
          selfieId: value.selfie.id,
          selfieDocId: value.selfieDoc.id,
          challengeId: value.challengeId,
        },
        base,
      );
      onChange((current) =>
        current.selfie?.id === checked.selfieId && current.selfieDoc?.id === checked.selfieDocId
          ? { ...current, result: checked }
          : current,
      );
      if (checked.decision === 'reprovado')
        toast.error(biometricMessages.failedTitle, { description: biometricMessages.failedHint });
    } catch (failure) {
      toast.error(biometricMessages.errorTitle, {
        description:
          failure instanceof ApiRequestError && failure.status < 500
            ? failure.message
            : biometricMessages.errorHint,
      });
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-6">
      {kycSandbox && (
        <Badge variant="warning">Sandbox: a verificação de identidade está em modo simulado</Badge>
      )}
      <p className="text-sm text-muted-foreground">
        {offerPhone
          ? 'A selfie é tirada pela câmera, seguindo os movimentos da prova de vida: uma foto enviada como arquivo não passa na verificação. Use a câmera deste aparelho ou, sem câmera aqui, continue no celular.'
          : 'A selfie é tirada pela câmera, seguindo os movimentos da prova de vida: uma foto enviada como arquivo não passa na verificação.'}
      </p>
      {kycSandbox ? (
        <div className="space-y-2">
          <FileUpload
            flow="PF"
            field="selfie"
            kind={pfFileFields.selfie}
            label="Selfie"
            camera="user"
            renderCamera={(send) => (
              <LivenessCamera
                onCapture={(file, challengeId) => {
                  challengeOfNextSelfie.current = challengeId;
                  send(file);
                }}
              />
            )}
            uploadUrl={uploadUrl('selfie')}
            value={value.selfie}
            onChange={(selfie) => {
              const challengeId = selfie ? challengeOfNextSelfie.current : null;
              challengeOfNextSelfie.current = null;
              onChange((current) => ({ ...current, selfie, challengeId, result: null }));
            }}
          />
          <p className="text-xs text-muted-foreground">
            Modo sandbox: a selfie também pode ser enviada como arquivo, pois o resultado é
            simulado.
          </p>
        </div>
      ) : (
        <SelfieCamera
          label="Selfie"
          uploadUrl={uploadUrl('selfie')}
          value={value.selfie}
          onChange={(selfie, challengeId) =>
            onChange((current) => ({ ...current, selfie, challengeId, result: null }))
          }
        />
      )}
      {offerPhone && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>Sem câmera neste aparelho?</span>
            <ContinueOnPhone handoff={handoff} />
          </div>
          {phoneAtWork && handoff.state && (
            <p role="status" className="text-sm">
              {phoneStatus[handoff.state]}
            </p>
          )}
        </div>
      )}
      <FileUpload
        flow="PF"
        field="selfieDoc"
        kind={pfFileFields.selfieDoc}
        label="Selfie com documento"
        camera="user"
        uploadUrl={uploadUrl('selfieDoc')}
        value={value.selfieDoc}
        onChange={(selfieDoc) => onChange((current) => ({ ...current, selfieDoc, result: null }))}
      />

      {!result && (
        <div className="space-y-2">
          <Button
            type="button"
            onClick={() => void verify()}
            disabled={!value.selfie || !value.selfieDoc || checking}
          >
            {checking ? (
              <>
                <Spinner className="size-4" /> Verificando...
              </>
            ) : (
              'Verificar identidade'
            )}
          </Button>
          {checking && (
            <p role="status" className="text-sm text-muted-foreground">
              Comparando as fotos e confirmando a prova de vida...
            </p>
          )}
        </div>
      )}

      {result?.decision === 'aprovado' && (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4">
          <p className="font-semibold text-green-900">Verificação aprovada</p>
          <p className="text-sm text-green-900">Confiança: {formatConfidence(result.confidence)}</p>
          {result.sandbox && <p className="text-sm text-green-900">Resultado do modo sandbox.</p>}
        </div>
      )}

      {result?.decision === 'em_revisao' && (
        <div role="status" className="rounded-md border border-sky-300 bg-sky-50 p-4">
          <p className="font-semibold text-sky-900">{biometricMessages.reviewTitle}</p>
          <p className="text-sm text-sky-900">{biometricMessages.reviewHint}</p>
          {result.sandbox && <p className="text-sm text-sky-900">Resultado do modo sandbox.</p>}
        </div>
      )}

      {result?.decision === 'reprovado' && (
        <div role="alert" className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4">
          <div>
            <p className="font-semibold text-red-900">{biometricMessages.failedTitle}</p>
            <p className="text-sm text-red-900">{biometricMessages.failedHint}</p>
            <p className="text-sm text-red-900">Confiança: {formatConfidence(result.confidence)}</p>
          </div>
          <ul className="list-disc space-y-1 pl-5 text-sm text-red-900">
            {result.reasons.map((reason) => (
              <li key={`${reason.photo}-${reason.reason}`}>
                <span className="font-medium">{biometricPhotoLabels[reason.photo]}:</span>{' '}
                {reason.message}
              </li>
            ))}
          </ul>
          {result.sandbox && <p className="text-sm text-red-900">Resultado do modo sandbox.</p>}
          {onReplaceDocument && documentLikelyCause(result) && (
            <p className="text-sm text-red-900">
              A foto do documento de identidade pode ser a causa: envie uma nova foto da frente do
              documento, nítida, sem reflexos e com o rosto visível.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => onChange(() => emptyBiometrics)}>
              Tentar novamente
            </Button>
            {onReplaceDocument && documentLikelyCause(result) && (
              <Button type="button" variant="outline" onClick={onReplaceDocument}>
                Substituir a frente do documento
              </Button>
            )}
            {offerPhone && result.reasons.some((reason) => reason.reason === 'camera-required') && (
              <ContinueOnPhone handoff={handoff} />
            )}
          </div>
        </div>
      )}

      {error && (!result || result.decision === 'reprovado') && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

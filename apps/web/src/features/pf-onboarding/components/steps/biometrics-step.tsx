import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { biometricDecisionAccepted, biometricMessages } from '@medipay/shared/biometrics';
import { validationMessages } from '@medipay/shared/messages';
import {
  BiometricCheck,
  type BiometricsValue,
} from '../../../../components/biometrics/biometric-check';
import { StepActions } from '../../../../components/wizard/step-actions';
import { latestBiometricCheck } from '../../../../lib/biometrics-api';
import type { StepProps } from '../step-props';
import { useSaveStep } from '../use-save-step';

/** Step 4: selfie and selfie with the document, the face match and the liveness check. */
export function BiometricsStep({ values, onSaved, onBack }: StepProps) {
  const [biometrics, setBiometrics] = useState<BiometricsValue>({
    selfie: values.selfie ?? null,
    selfieDoc: values.selfieDoc ?? null,
    challengeId: null,
    result: null,
  });
  const [error, setError] = useState<string>();
  const { saving, save } = useSaveStep(4, onSaved);

  // Back on this step: show the check the saved photos passed.
  useEffect(() => {
    if (!values.selfie || !values.selfieDoc) return;
    let active = true;
    void latestBiometricCheck()
      .then((check) => {
        if (!active || !check) return;
        setBiometrics((current) =>
          current.selfie?.id === check.selfieId && current.selfieDoc?.id === check.selfieDocId
            ? { ...current, result: check }
            : current,
        );
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [values.selfie, values.selfieDoc]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { selfie, selfieDoc, result } = biometrics;
    if (!selfie || !selfieDoc || !result) {
      setError(validationMessages.livenessScreen);
      toast.error(biometricMessages.pendingTitle, {
        description: validationMessages.livenessScreen,
      });
      return;
    }
    // Aprovado and em revisão go on (a reviewer confirms the photos of the latter).
    if (!biometricDecisionAccepted(result.decision)) {
      setError(validationMessages.livenessScreen);
      return;
    }
    setError(undefined);
    await save({ selfie, selfieDoc, livenessPassed: true });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <BiometricCheck
        value={biometrics}
        onChange={(update) => {
          setError(undefined);
          setBiometrics(update);
        }}
        error={error}
      />
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}

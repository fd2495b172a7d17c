import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { biometricDecisionAccepted, biometricMessages } from '@medipay/shared/biometrics';
import { validationMessages } from '@medipay/shared/messages';
import {
  BiometricCheck,
  type BiometricsValue,
} from '../../../../components/biometrics/biometric-check';
import { keptBiometricCheck } from '../../../../components/biometrics/kept-check';
import { StepActions } from '../../../../components/wizard/step-actions';
import { latestBiometricCheck } from '../../../../lib/biometrics-api';
import { useSaveStep } from '../../../../components/wizard/use-step-save';
import type { StepProps } from '../step-props';
import { pfWizard } from '../pf-wizard-flow';

/**
 * Step 4: selfie and selfie with the document, the face match and the liveness check. A check
 * that passed survives a reload before 'Continuar' (the server keeps it); a check finished on the
 * phone saves the step and moves on without the applicant touching this tab.
 */
export function BiometricsStep({ values, onSaved, onBack }: StepProps) {
  const [biometrics, setBiometrics] = useState<BiometricsValue>({
    selfie: values.selfie ?? null,
    selfieDoc: values.selfieDoc ?? null,
    challengeId: null,
    result: null,
  });
  const [error, setError] = useState<string>();
  const { saving, save } = useSaveStep(pfWizard, 4, onSaved);

  // Back on this step: show the check the saved photos passed. Before the step was saved (a
  // reload after a passed check, here or on the phone): the check the server kept, with its photos.
  const saved = Boolean(values.selfie && values.selfieDoc);
  useEffect(() => {
    let active = true;
    if (saved) {
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
    } else {
      void keptBiometricCheck()
        .then((kept) => {
          if (!active || !kept) return;
          // Only while the applicant has not started over meanwhile.
          setBiometrics((current) =>
            current.selfie || current.selfieDoc
              ? current
              : {
                  selfie: kept.selfie,
                  selfieDoc: kept.selfieDoc,
                  challengeId: null,
                  result: kept.check,
                },
          );
        })
        .catch(() => undefined);
    }
    return () => {
      active = false;
    };
  }, [saved]);

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
        // The phone finished the step: this tab moves on by itself.
        onPhoneDone={({ selfie, selfieDoc, result }) => {
          if (!selfie || !selfieDoc || !result || !biometricDecisionAccepted(result.decision))
            return;
          toast.success('Verificação concluída no celular');
          void save({ selfie, selfieDoc, livenessPassed: true });
        }}
        onReplaceDocument={onBack}
      />
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}

import type { ReactNode } from 'react';
import { maskCep } from '@medipay/shared/masks';
import type { SavedAddress } from './address-step-form';
import { ReviewItem, ReviewSection } from './review-section';
import { ReviewSubmit } from './review-submit';
import type { WizardApplication, WizardFlow } from './wizard-flow';

/** One step's answers on the review: the step's number and its items (`ReviewItem`s). */
export type ReviewSectionItems = { step: number; items: ReactNode };

export type WizardReviewProps<State extends WizardApplication, Step extends number> = {
  wizard: WizardFlow<State, Step>;
  /** The consents as saved (both false before the first submit). */
  initial: { consentimentoLgpd?: boolean | undefined; consentimentoKyc?: boolean | undefined };
  sections: readonly ReviewSectionItems[];
  lgpdText: ReactNode;
  kycText: ReactNode;
  submitLabel: string;
  onEdit: (step: number) => void;
  onBack?: (() => void) | undefined;
};

/**
 * The review step of a wizard: everything typed, section by section, each with 'Editar' back to
 * its step; then the privacy policy, the two consents and the submit.
 */
export function WizardReview<State extends WizardApplication, Step extends number>({
  wizard,
  initial,
  sections,
  lgpdText,
  kycText,
  submitLabel,
  onEdit,
  onBack,
}: WizardReviewProps<State, Step>) {
  return (
    <div className="space-y-4">
      {sections.map(({ step, items }) => (
        <ReviewSection
          key={step}
          step={step}
          title={wizard.steps.find((entry) => entry.id === step)?.title ?? ''}
          onEdit={onEdit}
        >
          {items}
        </ReviewSection>
      ))}

      <ReviewSubmit
        flow={wizard.flow}
        initial={initial}
        lgpdText={lgpdText}
        kycText={kycText}
        submitLabel={submitLabel}
        send={wizard.submit}
        successPath={wizard.successPath}
        onBack={onBack}
      />
    </div>
  );
}

/** The address step's answers: CEP, street with number and complement, district, city, proof. */
export function AddressReviewItems({
  values,
  proofLabel,
  proofName,
}: {
  values: SavedAddress;
  proofLabel: string;
  /** The proof's file name, once sent. */
  proofName: string | undefined;
}) {
  return (
    <>
      <ReviewItem label="CEP" value={values.cep && maskCep(values.cep)} />
      <ReviewItem
        label="Endereço"
        value={[values.logradouro, values.numero, values.complemento].filter(Boolean).join(', ')}
      />
      <ReviewItem label="Bairro" value={values.bairro} />
      <ReviewItem label="Cidade" value={values.cidade && `${values.cidade} - ${values.uf ?? ''}`} />
      <ReviewItem label={proofLabel} value={proofName} />
    </>
  );
}

import type { ReactNode } from 'react';
import { fileFieldLabels } from '@medipay/shared/files';
import { maskCep } from '@medipay/shared/masks';
import type { DocumentFieldName } from '../upload/document-field';
import { savedProof, type SavedAddress } from './address-step-form';
import { ReviewItem, ReviewSection } from './review-section';
import { ReviewSubmit } from './review-submit';
import type { WizardApplication, WizardDefinition } from './wizard-flow';

/** The answers of each step the flow itself shows on the review (`ReviewItem`s), by step. */
export type ReviewSections = Partial<Record<number, ReactNode>>;

export type WizardReviewProps<State extends WizardApplication, Step extends number> = {
  wizard: WizardDefinition<State, Step>;
  /** The application's values: the address's answers and the consents as saved. */
  values: State['values'] &
    SavedAddress & {
      consentimentoLgpd?: boolean | undefined;
      consentimentoKyc?: boolean | undefined;
    };
  /** The other steps' answers; the address step's come from the wizard's address step. */
  sections: ReviewSections;
  onEdit: (step: number) => void;
  onBack?: (() => void) | undefined;
};

/**
 * The review step of a wizard: everything typed, section by section in the order of the steps,
 * each with 'Editar' back to its step; then the privacy policy, the flow's two consents and its
 * submit.
 */
export function WizardReview<State extends WizardApplication, Step extends number>({
  wizard,
  values,
  sections,
  onEdit,
  onBack,
}: WizardReviewProps<State, Step>) {
  const { address, review } = wizard;
  return (
    <div className="space-y-4">
      {wizard.steps.map(({ id, title }) => {
        const items =
          id === address.step ? (
            <AddressReviewItems values={values} proof={address.proof} />
          ) : (
            sections[id]
          );
        return (
          items && (
            <ReviewSection key={id} step={id} title={title} onEdit={onEdit}>
              {items}
            </ReviewSection>
          )
        );
      })}

      <ReviewSubmit
        flow={wizard.flow}
        initial={values}
        lgpdText={review.lgpdText}
        kycText={review.kycText}
        submitLabel={review.submitLabel}
        send={wizard.submit}
        successPath={wizard.successPath}
        onBack={onBack}
      />
    </div>
  );
}

/** The address step's answers: CEP, street with number and complement, district, city, proof. */
function AddressReviewItems({ values, proof }: { values: SavedAddress; proof: DocumentFieldName }) {
  return (
    <>
      <ReviewItem label="CEP" value={values.cep && maskCep(values.cep)} />
      <ReviewItem
        label="Endereço"
        value={[values.logradouro, values.numero, values.complemento].filter(Boolean).join(', ')}
      />
      <ReviewItem label="Bairro" value={values.bairro} />
      <ReviewItem label="Cidade" value={values.cidade && `${values.cidade} - ${values.uf ?? ''}`} />
      <ReviewItem label={fileFieldLabels[proof]} value={savedProof(values, proof)?.name} />
    </>
  );
}

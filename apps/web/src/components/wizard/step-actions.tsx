import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export type StepActionsProps = {
  /** Omitted on the first step. */
  onBack?: () => void;
  saving: boolean;
  continueLabel?: string;
  continueDisabled?: boolean;
};

/** 'Voltar' and the step's submit button ('Continuar' unless told). */
export function StepActions({
  onBack,
  saving,
  continueLabel = 'Continuar',
  continueDisabled,
}: StepActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-4 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button type="button" variant="outline" onClick={onBack} disabled={saving}>
          Voltar
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" disabled={saving || continueDisabled}>
        {saving ? (
          <>
            <Spinner className="size-4" /> Salvando...
          </>
        ) : (
          continueLabel
        )}
      </Button>
    </div>
  );
}

import { CircleCheck, FileWarning, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LONG_TEXT_MAX } from '@medipay/shared/fields';
import { fileFieldLabel } from '@medipay/shared/files';
import { rectificationMessages as m, type RectificationPage } from '@medipay/shared/rectification';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { rectificationErrorMessage, useSubmitRectification } from '../api/submit-rectification';
import { DocumentInput } from './document-input';
import { useFocusOnShow } from '../../../lib/use-focus-on-show';

/** How long 'Sucesso!' (or a load failure) stays on screen before the home page (spec: 3 s). */
export const REDIRECT_DELAY_MS = 3000;

type FormValues = {
  justification: string;
  /** The file chosen for each document field; null when none. */
  files: Record<string, File | null>;
};

/** The files chosen, in the page's order of the documents. */
function chosenFiles(page: RectificationPage, files: FormValues['files']) {
  return page.documents.flatMap(({ field }) => {
    const file = files[field];
    return file ? [[field, file] as const] : [];
  });
}

/** The requested documents still without a file (none on a page of free-text requirements). */
function missingRequested(page: RectificationPage, files: FormValues['files']) {
  return page.documentosSolicitados ? page.documents.filter(({ field }) => !files[field]) : [];
}

/**
 * 'Retificar Documentos': the analyst's requirements, a new file for any document, an optional
 * justification. Files are sent with the form; after a failure everything stays as it was.
 * When the reviewer refused documents, the page lists only those, each with its reason, and the
 * form is sent only with a new file for every one (as the server requires).
 */
export function RectificationForm({ page }: { page: RectificationPage }) {
  const navigate = useNavigate();
  const justificationId = useId();
  const exigenciasId = useId();
  const documentsId = useId();
  const submit = useSubmitRectification();
  const [done, setDone] = useState(false);
  // Set by a submit with a requested document missing: each such document then says so.
  const [showMissing, setShowMissing] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const requested = page.documentosSolicitados;
  const requestedLabels = requested ? page.documents.map(({ field }) => fileFieldLabel(field)) : [];
  const { control, register, handleSubmit, getValues, formState } = useForm<FormValues>({
    defaultValues: {
      justification: '',
      files: Object.fromEntries(page.documents.map(({ field }) => [field, null])),
    },
  });
  const files = useWatch({ control, name: 'files' });
  const selected = chosenFiles(page, files).length;
  const saving = formState.isSubmitting;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // The form replaces the page's spinner: its title takes the focus.
  const heading = useFocusOnShow<HTMLHeadingElement>();

  /**
   * Whether every requested document has a file; if not, says which are missing and moves the
   * focus to the first, whose description then says so. Checked before the submit starts: the
   * fieldset is disabled while it runs, and a disabled input takes no focus.
   */
  function requestedChosen(): boolean {
    const missing = missingRequested(page, getValues('files'));
    if (missing.length === 0) return true;
    setShowMissing(true);
    toast.warning(m.attentionTitle, {
      description: m.missingRequested(missing.map(({ field }) => fileFieldLabel(field))),
    });
    inputs.current.get(missing[0]!.field)?.focus();
    return false;
  }

  const onSubmit = handleSubmit(async (values) => {
    const chosen = chosenFiles(page, values.files);
    if (!values.justification.trim() && chosen.length === 0) {
      toast.warning(m.attentionTitle, { description: m.attention });
      return;
    }
    try {
      await submit.mutateAsync({ justification: values.justification, files: chosen });
      toast.success(m.successTitle, { description: m.successDescription });
      setDone(true);
    } catch (error) {
      console.warn('Erro ao enviar as correções:', error);
      toast.error(m.errorTitle, { description: rectificationErrorMessage(error) });
    }
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {m.title}
        </h1>
        <p className="text-lg">
          Olá, <span className="font-semibold break-words">{page.nome}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Envie os documentos corrigidos e, se quiser, explique o que mudou. Seu cadastro volta para
          análise assim que você enviar.
        </p>
        {page.protocolo && (
          <p className="text-sm text-muted-foreground">
            Protocolo: <span className="font-mono text-foreground">{page.protocolo}</span>
          </p>
        )}
      </div>

      {page.exigencias && (
        <section
          aria-labelledby={exigenciasId}
          className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-950"
        >
          <FileWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id={exigenciasId} className="font-semibold">
              {m.exigenciasTitle}
            </h2>
            <p className="mt-1 whitespace-pre-line break-words">{page.exigencias}</p>
          </div>
        </section>
      )}

      <Card>
        <CardContent className="pt-6">
          <form
            onSubmit={(event) => {
              if (saving || done || !requestedChosen()) event.preventDefault();
              else void onSubmit(event);
            }}
            noValidate
            className="space-y-6"
          >
            <fieldset disabled={saving || done} className="min-w-0 space-y-6">
              {page.documents.length > 0 && (
                <section aria-labelledby={documentsId} className="space-y-3">
                  <div>
                    <h2 id={documentsId} className="text-lg font-semibold">
                      {requested ? m.requestedTitle : m.documentsTitle}
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {requested ? m.requestedIntro(requestedLabels) : m.documentsIntro}
                    </p>
                  </div>
                  <ul className="grid gap-4 sm:grid-cols-2">
                    {page.documents.map((document) => (
                      <Controller
                        key={document.field}
                        control={control}
                        name={`files.${document.field}`}
                        render={({ field }) => (
                          <DocumentInput
                            document={document}
                            label={fileFieldLabel(document.field)}
                            value={field.value}
                            onChange={field.onChange}
                            disabled={saving || done}
                            required={requested}
                            error={
                              requested && showMissing && !field.value
                                ? m.requestedFileMissing
                                : null
                            }
                            inputRef={(input) => {
                              if (input) inputs.current.set(document.field, input);
                              else inputs.current.delete(document.field);
                            }}
                          />
                        )}
                      />
                    ))}
                  </ul>
                </section>
              )}

              <div className="space-y-2">
                <Label htmlFor={justificationId}>{m.justificationLabel}</Label>
                <Textarea
                  id={justificationId}
                  rows={4}
                  maxLength={LONG_TEXT_MAX}
                  {...register('justification')}
                />
              </div>
            </fieldset>

            <div role="status" aria-live="polite">
              {selected > 0 && (
                <p className="flex items-center gap-2 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">
                  <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                  {m.selected(selected)}
                </p>
              )}
            </div>

            {/* aria-disabled rather than disabled: the button keeps the keyboard focus. */}
            <Button
              type="submit"
              className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto"
              aria-disabled={saving || done ? true : undefined}
            >
              {saving && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {saving ? m.submitting : m.submit}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

import { useEffect } from 'react';
import { LegalPageHeader, Prose } from './legal-text';
import { privacyPolicyUpdatedAt, privacySections } from './privacy-policy-sections';

const tocLinkClass =
  'block rounded-sm py-1 text-slate-700 underline-offset-4 hover:text-teal-800 hover:underline focus-ring';

/**
 * A page opened at /politica-privacidade#secao renders after the browser gave up looking for
 * the anchor (the page is a lazy chunk), so it scrolls there itself once, on arrival.
 */
function useScrollToHashOnArrival() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' });
  }, []);
}

/** The privacy policy: title, last update, table of contents, and the numbered sections. */
export function PrivacyPolicy() {
  useScrollToHashOnArrival();

  return (
    <>
      <LegalPageHeader
        title="Política de Privacidade"
        lead="Como a MediPay coleta, usa, compartilha e protege os dados pessoais tratados no portal de abertura de conta."
      >
        <p className="mt-4 text-sm font-medium text-slate-700">
          Última atualização: <time dateTime="2025-10-02">{privacyPolicyUpdatedAt}</time>
        </p>
      </LegalPageHeader>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-labelledby="sumario"
          className="mb-10 rounded-lg border bg-slate-50 p-5 lg:sticky lg:top-24 lg:mb-0 lg:self-start"
        >
          <h2 id="sumario" className="text-base font-semibold text-slate-900">
            Sumário
          </h2>
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm marker:text-slate-700">
            {privacySections.map(({ id, title }) => (
              <li key={id} className="pl-1">
                <a href={`#${id}`} className={tocLinkClass}>
                  {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-12">
          {privacySections.map(({ id, title, Body }) => (
            <section key={id}>
              <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
                {title}
              </h2>
              <Prose className="mt-4">
                <Body />
              </Prose>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

import { landingSections } from '../../../config/paths';
import { steps } from '../content';
import { SectionHeading, sectionContainer } from './section-heading';

export function HowItWorksSection() {
  return (
    <section id={landingSections.comoFunciona} aria-labelledby="como-funciona-titulo">
      <div className={sectionContainer}>
        <SectionHeading id="como-funciona-titulo" title="Como Funciona">
          Do plantão ao dinheiro na conta, sem planilhas e sem espera.
        </SectionHeading>
        <ol className="grid gap-10 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="text-center">
              <span
                aria-hidden="true"
                className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-teal-700 text-xl font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { landingSections } from '../../../config/paths';
import { benefits } from '../content';
import { SectionHeading, sectionContainer } from './section-heading';

/** Card look shared by the landing page's card grids. */
export const cardClass = 'rounded-lg border bg-white p-6 shadow-sm';

export function BenefitsSection() {
  return (
    <section
      id={landingSections.beneficios}
      aria-labelledby="beneficios-titulo"
      className="bg-slate-50"
    >
      <div className={sectionContainer}>
        <SectionHeading id="beneficios-titulo" title="Benefícios">
          Tudo o que o profissional de saúde precisa para receber, pagar e se organizar.
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ tag, title, text }) => (
            <li key={title} className={cardClass}>
              <span
                aria-hidden="true"
                className="mb-4 inline-block rounded-md bg-teal-700 px-2.5 py-1.5 text-sm font-bold text-white"
              >
                {tag}
              </span>
              <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

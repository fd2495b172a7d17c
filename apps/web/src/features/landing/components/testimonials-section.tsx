import { StarIcon } from '../../../components/ui/icons';
import { landingSections } from '../../../config/paths';
import { testimonials } from '../content';
import { cardClass } from './benefits-section';
import { SectionHeading, sectionContainer } from './section-heading';

function Rating({ value }: { value: number }) {
  return (
    <div role="img" aria-label={`Avaliação: ${value} de 5 estrelas`} className="flex gap-0.5">
      {Array.from({ length: 5 }, (_, index) => (
        <StarIcon
          key={index}
          className={
            index < value ? 'size-5 fill-amber-500 text-amber-600' : 'size-5 text-slate-500'
          }
        />
      ))}
    </div>
  );
}

export function TestimonialsSection() {
  return (
    <section
      id={landingSections.depoimentos}
      aria-labelledby="depoimentos-titulo"
      className="bg-slate-50"
    >
      <div className={sectionContainer}>
        <SectionHeading id="depoimentos-titulo" title="Depoimentos">
          Quem já usa a MediPay no dia a dia conta como é.
        </SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map(({ name, specialty, location, rating, text, initials }) => (
            <li key={name} className={cardClass}>
              <figure className="flex h-full flex-col">
                <Rating value={rating} />
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{text}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-12 shrink-0 items-center justify-center rounded-full bg-teal-100 font-bold text-teal-900"
                  >
                    {initials}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{name}</span>
                    <span className="block text-sm text-slate-600">
                      {specialty} · {location}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

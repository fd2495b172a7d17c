import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion';
import { landingSections } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { faqItems } from '../content';
import { telHref } from '../../../lib/contact-links';
import { textLinkClass } from '../../../components/ui/text-link';
import { SectionHeading, sectionContainer } from './section-heading';

export function FaqSection() {
  const { supportPhone, supportEmail } = getPublicConfig();
  return (
    <section id={landingSections.faq} aria-labelledby="faq-titulo">
      <div className={sectionContainer}>
        <SectionHeading id="faq-titulo" title="Perguntas Frequentes" />
        <Accordion className="mx-auto max-w-3xl border-t">
          {faqItems.map(({ question, answer, withContact }) => (
            <AccordionItem key={question} value={question}>
              <AccordionTrigger className="text-base text-slate-900">{question}</AccordionTrigger>
              <AccordionContent className="text-base">
                <p>
                  {answer}
                  {withContact && (
                    <>
                      {' '}
                      <a href={telHref(supportPhone)} className={textLinkClass}>
                        {supportPhone}
                      </a>{' '}
                      ou{' '}
                      <a href={`mailto:${supportEmail}`} className={textLinkClass}>
                        {supportEmail}
                      </a>
                      .
                    </>
                  )}
                </p>
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
